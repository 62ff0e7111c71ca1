/* tokenize — see tokenize.h. A single pass over the bytes with just enough
 * state to tell a regular expression from a division and to know when we
 * are inside a `for (` head or a function's parameter list. */
#include "engine/js/tokenize.h"

#include <stdbool.h>
#include <string.h>

enum prev_kind {
	P_START,  /* start of input: a regex may follow */
	P_OPER,	  /* an operator or opening punctuator: a regex may follow */
	P_VALUE,  /* identifier, number, string, ) ] }: a division follows */
	P_KEYWORD /* a keyword after which an expression starts */
};

#define MAX_NEST 64

struct scanner {
	const char *s;
	size_t len, i;
	unsigned line;
	struct js_scan *out;
	enum prev_kind prev;
	char prev_punct;    /* last punctuator's first char, 0 if not one */
	char prev_word[16]; /* last identifier/keyword (truncated), "" if not one */
	int paren;	    /* ( depth */
	/* Per open paren: what it opened. */
	unsigned char kind[MAX_NEST];
	bool param_start[MAX_NEST]; /* the next token begins a parameter */
	int pending;		    /* what the next '(' opens */
	bool node_only_scan;	    /* js_scan_node_only: no runtime hints */
};

enum paren_kind { K_PLAIN, K_FOR, K_PARAMS };

static void found(struct scanner *sc, const char *what)
{
	if (!sc->out->feature) {
		sc->out->feature = what;
		sc->out->line = sc->line;
	}
}

/* Something Duktape lacks and node runs (tokenize.h: node_only). */
static void node_only(struct scanner *sc, const char *what, bool syntax)
{
	if (!sc->out->node_only || (syntax && !sc->out->node_only_syntax)) {
		sc->out->node_only = what;
		sc->out->node_only_line = sc->line;
		sc->out->node_only_syntax = syntax;
	}
}

static bool is_id_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
	       c >= 0x80 || c == '\\';
}

static bool is_id_char(unsigned char c)
{
	return is_id_start(c) || (c >= '0' && c <= '9');
}

static bool word_is(const char *w, size_t n, const char *kw)
{
	return strlen(kw) == n && memcmp(w, kw, n) == 0;
}

/* Keywords after which an expression (so possibly a regex) starts. */
static bool expr_keyword(const char *w, size_t n)
{
	static const char *const kws[] = {"return", "typeof", "instanceof", "in",    "of",
					  "new",    "delete", "void",	    "throw", "case",
					  "do",	    "else",   "yield",	    "await", NULL};
	for (int k = 0; kws[k]; k++)
		if (word_is(w, n, kws[k]))
			return true;
	return false;
}

/* Identifiers that hint at a runtime group. Property names count as well
 * as globals: `xs.find(...)` needs Array.prototype.find. */
static const struct {
	const char *name;
	unsigned groups;
	unsigned corejs; /* JS_CJ_*: its core-js modules */
} runtime_words[] = {
    {"Map", JS_RT_COLLECTIONS, 0},
    {"Set", JS_RT_COLLECTIONS, 0},
    {"WeakMap", JS_RT_COLLECTIONS, 0},
    {"WeakSet", JS_RT_COLLECTIONS, 0},
    {"Promise", JS_RT_PROMISE, 0},
    {"__sbx_async", JS_RT_PROMISE, 0}, /* the subset lowering's async functions */
    /* its yield* of an array or a string (generators themselves need no
     * group: builtins/generators.js) */
    {"__sbx_delegate", JS_RT_ITER, 0},
    {"asyncIterator", JS_RT_PROMISE, 0},
    {"iterator", JS_RT_ITER, 0},
    {"entries", JS_RT_OBJECT | JS_RT_ITER, 0},
    {"values", JS_RT_OBJECT | JS_RT_ITER, 0},
    {"keys", JS_RT_ITER, 0},
    {"fromEntries", JS_RT_OBJECT, 0},
    {"from", JS_RT_ARRAY, JS_CJ_ARRAY_FROM},
    {"of", JS_RT_ARRAY, JS_CJ_ARRAY_OF},
    {"find", JS_RT_ARRAY, JS_CJ_ARRAY_FIND},
    {"findIndex", JS_RT_ARRAY, JS_CJ_ARRAY_FIND_INDEX},
    {"findLast", JS_RT_ARRAY, JS_CJ_ARRAY_FIND_LAST},
    {"findLastIndex", JS_RT_ARRAY, JS_CJ_ARRAY_FIND_LAST_INDEX},
    {"includes", JS_RT_ARRAY, JS_CJ_ARRAY_INCLUDES},
    {"fill", JS_RT_ARRAY, JS_CJ_ARRAY_FILL},
    {"flat", JS_RT_ARRAY, JS_CJ_ARRAY_FLAT},
    {"flatMap", JS_RT_ARRAY, JS_CJ_ARRAY_FLAT_MAP},
    {"at", JS_RT_ARRAY | JS_RT_STRING, JS_CJ_ARRAY_AT | JS_CJ_STRING_AT},
    {"copyWithin", JS_RT_ARRAY, JS_CJ_ARRAY_COPY_WITHIN},
    {"padStart", JS_RT_STRING, JS_CJ_STRING_PAD_START},
    {"padEnd", JS_RT_STRING, JS_CJ_STRING_PAD_END},
    {"trimStart", JS_RT_STRING, JS_CJ_STRING_TRIM_START},
    {"trimEnd", JS_RT_STRING, JS_CJ_STRING_TRIM_END},
    {"trimLeft", JS_RT_STRING, JS_CJ_STRING_TRIM_START},
    {"trimRight", JS_RT_STRING, JS_CJ_STRING_TRIM_END},
    {"replaceAll", JS_RT_STRING, JS_CJ_STRING_REPLACE_ALL},
    {"codePointAt", JS_RT_STRING, JS_CJ_STRING_CODE_POINT_AT},
    {"fromCodePoint", JS_RT_STRING, JS_CJ_STRING_FROM_CODE_POINT},
    {"raw", JS_RT_STRING, JS_CJ_STRING_RAW},
    {"matchAll", JS_RT_STRING | JS_RT_ITER, JS_CJ_STRING_MATCH_ALL},
    {"toSorted", JS_RT_ARRAY, JS_CJ_ARRAY_TO_SORTED},
    {"toReversed", JS_RT_ARRAY, JS_CJ_ARRAY_TO_REVERSED},
    {"toSpliced", JS_RT_ARRAY, JS_CJ_ARRAY_TO_SPLICED},
    {"with", JS_RT_ARRAY, JS_CJ_ARRAY_WITH},
    {"hasOwn", JS_RT_OBJECT, 0},
    {"groupBy", JS_RT_OBJECT | JS_RT_COLLECTIONS, 0},
    {"queueMicrotask", JS_RT_PROMISE, 0},
    /* a pattern built at run time may hold named groups (runtime/regex.js) */
    {"RegExp", JS_RT_REGEX, 0},
    /* helpers TypeScript emits for lowered generators and for-of */
    {"__values", JS_RT_ITER, 0},
    {"__asyncValues", JS_RT_PROMISE, 0},
};

/* Globals node has and Duktape lacks: code naming one runs under node. */
static const char *const node_only_globals[] = {
    "BigInt",  "BigInt64Array",	    "BigUint64Array",	    "WeakRef",
    "Atomics", "SharedArrayBuffer", "FinalizationRegistry",
};

/* Is the word at w (n bytes, just scanned) a name of the scope, not a
 * property: `x.BigInt` or `{BigInt: 1}` is not the global? */
static bool names_global(const struct scanner *sc, const char *w, size_t n)
{
	const char *s = sc->s;
	size_t b = (size_t)(w - s), a = b + n;
	while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '\t'))
		b--;
	while (a < sc->len && (s[a] == ' ' || s[a] == '\t'))
		a++;
	if (b > 0 && s[b - 1] == '.')
		return false;
	return !(a < sc->len && s[a] == ':' && b > 0 && (s[b - 1] == '{' || s[b - 1] == ','));
}

static void note_word(struct scanner *sc, const char *w, size_t n)
{
	if (n >= 6 && sc->out->node_only == NULL && strchr("ABFSW", w[0]))
		for (size_t k = 0; k < sizeof node_only_globals / sizeof node_only_globals[0]; k++)
			if (word_is(w, n, node_only_globals[k]) && names_global(sc, w, n))
				node_only(sc, node_only_globals[k], false);
	if (sc->node_only_scan)
		return;
	for (size_t k = 0; k < sizeof runtime_words / sizeof runtime_words[0]; k++)
		if (word_is(w, n, runtime_words[k].name)) {
			sc->out->runtime |= runtime_words[k].groups;
			sc->out->corejs |= runtime_words[k].corejs;
		}
}

static void skip_line_comment(struct scanner *sc)
{
	while (sc->i < sc->len && sc->s[sc->i] != '\n')
		sc->i++;
}

static void skip_block_comment(struct scanner *sc)
{
	sc->i += 2;
	while (sc->i < sc->len) {
		if (sc->s[sc->i] == '*' && sc->i + 1 < sc->len && sc->s[sc->i + 1] == '/') {
			sc->i += 2;
			return;
		}
		if (sc->s[sc->i] == '\n')
			sc->line++;
		sc->i++;
	}
}

static void skip_string(struct scanner *sc, char q)
{
	sc->i++;
	while (sc->i < sc->len) {
		char c = sc->s[sc->i++];
		/* new RegExp("(?<=...)"): Duktape's regex engine lacks it */
		if (c == '(' && sc->i + 2 < sc->len && sc->s[sc->i] == '?' &&
		    sc->s[sc->i + 1] == '<' && (sc->s[sc->i + 2] == '=' || sc->s[sc->i + 2] == '!'))
			node_only(sc, "a regular expression lookbehind", false);
		if (c == '\\') {
			if (sc->i < sc->len && sc->s[sc->i] == '\n')
				sc->line++;
			sc->i++;
		} else if (c == q) {
			return;
		} else if (c == '\n') {
			return; /* unterminated: the compiler will say so */
		}
	}
}

static void scan_number(struct scanner *sc)
{
	const char *s = sc->s;
	size_t i = sc->i;
	bool hex = s[i] == '0' && i + 1 < sc->len && (s[i + 1] == 'x' || s[i + 1] == 'X');

	if (s[i] == '0' && i + 1 < sc->len &&
	    (s[i + 1] == 'b' || s[i + 1] == 'B' || s[i + 1] == 'o' || s[i + 1] == 'O'))
		found(sc, "binary or octal literal");
	while (i < sc->len) {
		char c = s[i];
		if (c == '_')
			found(sc, "numeric separator");
		if (is_id_char((unsigned char)c) || c == '.')
			i++;
		else if ((c == '+' || c == '-') && !hex && (s[i - 1] == 'e' || s[i - 1] == 'E'))
			i++;
		else
			break;
	}
	if (s[i - 1] == 'n') {
		found(sc, "BigInt literal");
		node_only(sc, "a BigInt literal", true);
	}
	sc->i = i;
}

/* A template literal needs lowering anyway; skip it (with nested
 * ${ ... } expressions, which may hold braces, strings and templates) only
 * so that the runtime hints after it are still collected. */
static void skip_template(struct scanner *sc, int depth)
{
	sc->i++;
	while (sc->i < sc->len) {
		char c = sc->s[sc->i];
		if (c == '\\') {
			sc->i += 2;
			continue;
		}
		if (c == '\n')
			sc->line++;
		if (c == '`') {
			sc->i++;
			return;
		}
		if (c == '$' && sc->i + 1 < sc->len && sc->s[sc->i + 1] == '{') {
			int braces = 1;
			sc->i += 2;
			while (sc->i < sc->len && braces > 0) {
				char d = sc->s[sc->i];
				if (d == '{') {
					braces++;
				} else if (d == '}') {
					braces--;
				} else if (d == '\'' || d == '"') {
					skip_string(sc, d);
					continue;
				} else if (d == '`' && depth < 16) {
					skip_template(sc, depth + 1);
					continue;
				} else if (d == '\n') {
					sc->line++;
				} else if (is_id_start((unsigned char)d)) {
					size_t st = sc->i;
					while (sc->i < sc->len &&
					       is_id_char((unsigned char)sc->s[sc->i]))
						sc->i++;
					note_word(sc, sc->s + st, sc->i - st);
					continue;
				} else if (d >= '0' && d <= '9') {
					scan_number(sc); /* 2n ** 64n in ${ } too */
					continue;
				}
				sc->i++;
			}
			continue;
		}
		sc->i++;
	}
}

static void skip_regex(struct scanner *sc)
{
	size_t start = sc->i;
	bool in_class = false;

	sc->i++;
	while (sc->i < sc->len) {
		char c = sc->s[sc->i++];
		if (c == '\\') {
			sc->i++;
		} else if (c == '[') {
			in_class = true;
		} else if (c == ']') {
			in_class = false;
		} else if (c == '/' && !in_class) {
			break;
		} else if (c == '\n') {
			return;
		}
	}
	for (size_t k = start; k + 2 < sc->i; k++) {
		if (sc->s[k] == '(' && sc->s[k + 1] == '?' && sc->s[k + 2] == '<') {
			found(sc, "regular expression named group or lookbehind");
			if (k + 3 < sc->i && (sc->s[k + 3] == '=' || sc->s[k + 3] == '!'))
				node_only(sc, "a regular expression lookbehind", true);
			/* lowered to new RegExp(...), which runtime/regex.js
			 * gives named groups */
			if (k + 3 < sc->i && sc->s[k + 3] != '=' && sc->s[k + 3] != '!')
				sc->out->runtime |= JS_RT_REGEX;
		}
		if (sc->s[k] == '\\' && (sc->s[k + 1] == 'p' || sc->s[k + 1] == 'P') &&
		    sc->s[k + 2] == '{') {
			found(sc, "regular expression Unicode property escape");
			node_only(sc, "a regular expression Unicode property escape", true);
		}
	}
	while (sc->i < sc->len && is_id_char((unsigned char)sc->s[sc->i])) {
		char f = sc->s[sc->i++];
		if (f == 's' || f == 'u' || f == 'y' || f == 'd' || f == 'v') {
			found(sc, "regular expression flag");
			static const char *const flag_names[] = {
			    "the regular expression flag 's'", "the regular expression flag 'u'",
			    "the regular expression flag 'y'", "the regular expression flag 'd'",
			    "the regular expression flag 'v'"};
			node_only(sc, flag_names[strchr("suydv", f) - "suydv"], true);
		}
	}
}

static void open_paren(struct scanner *sc)
{
	if (sc->paren < MAX_NEST) {
		sc->kind[sc->paren] = (unsigned char)sc->pending;
		sc->param_start[sc->paren] = sc->pending == K_PARAMS;
	}
	sc->paren++;
	sc->pending = K_PLAIN;
}

static int cur_kind(const struct scanner *sc)
{
	if (sc->paren <= 0 || sc->paren > MAX_NEST)
		return K_PLAIN;
	return sc->kind[sc->paren - 1];
}

static void scan_word(struct scanner *sc)
{
	size_t st = sc->i;
	const char *w = sc->s + st;
	size_t n;
	bool after_dot = sc->prev_punct == '.';

	while (sc->i < sc->len && is_id_char((unsigned char)sc->s[sc->i]))
		sc->i++;
	n = sc->i - st;
	note_word(sc, w, n);

	if (!after_dot) {
		if (word_is(w, n, "const")) {
			found(sc, "const");
		} else if (word_is(w, n, "let")) {
			/* `let` is an identifier in ES5; a declaration has a name,
			 * [ or { after it. */
			size_t j = sc->i;
			while (j < sc->len && (sc->s[j] == ' ' || sc->s[j] == '\t'))
				j++;
			if (j < sc->len && (is_id_start((unsigned char)sc->s[j]) ||
					    sc->s[j] == '[' || sc->s[j] == '{'))
				found(sc, "let");
		} else if (word_is(w, n, "class")) {
			found(sc, "class");
		} else if (word_is(w, n, "async")) {
			found(sc, "async function");
		} else if (word_is(w, n, "await")) {
			found(sc, "await");
		} else if (word_is(w, n, "yield")) {
			found(sc, "generator (yield)");
		} else if (word_is(w, n, "import") || word_is(w, n, "export")) {
			found(sc, "import/export");
		} else if (word_is(w, n, "of") && cur_kind(sc) == K_FOR && sc->prev == P_VALUE) {
			found(sc, "for...of");
		} else if (word_is(w, n, "for")) {
			sc->pending = K_FOR;
		} else if (word_is(w, n, "function")) {
			/* `function*`: a generator, even one with no yield */
			size_t j = sc->i;
			while (j < sc->len && (sc->s[j] == ' ' || sc->s[j] == '\t' ||
					       sc->s[j] == '\n' || sc->s[j] == '\r'))
				j++;
			if (j < sc->len && sc->s[j] == '*')
				found(sc, "generator (function*)");
			sc->pending = K_PARAMS;
		} else if (word_is(w, n, "catch")) {
			size_t j = sc->i;
			while (j < sc->len && (sc->s[j] == ' ' || sc->s[j] == '\t' ||
					       sc->s[j] == '\n' || sc->s[j] == '\r'))
				j++;
			if (j < sc->len && sc->s[j] == '{')
				found(sc, "optional catch binding");
		} else if (word_is(w, n, "var")) {
			size_t j = sc->i;
			while (j < sc->len && (sc->s[j] == ' ' || sc->s[j] == '\t' ||
					       sc->s[j] == '\n' || sc->s[j] == '\r'))
				j++;
			if (j < sc->len && (sc->s[j] == '[' || sc->s[j] == '{'))
				found(sc, "destructuring declaration");
		}
	}
	if (sc->paren > 0 && sc->paren <= MAX_NEST)
		sc->param_start[sc->paren - 1] = false;
	sc->prev = (!after_dot && expr_keyword(w, n)) ? P_KEYWORD : P_VALUE;
	sc->prev_punct = 0;
	n = n < sizeof sc->prev_word - 1 ? n : sizeof sc->prev_word - 1;
	memcpy(sc->prev_word, w, n);
	sc->prev_word[n] = '\0';
}

static void scan(const char *src, size_t len, struct js_scan *out, bool node_only_scan)
{
	struct scanner sc = {.s = src, .len = len, .line = 1, .out = out, .prev = P_START};
	sc.node_only_scan = node_only_scan;

	out->feature = NULL;
	out->line = 0;
	out->runtime = 0;
	out->corejs = 0;
	out->node_only = NULL;
	out->node_only_line = 0;
	out->node_only_syntax = false;
	/* #! line, as node allows */
	if (len >= 2 && src[0] == '#' && src[1] == '!')
		skip_line_comment(&sc);

	while (sc.i < sc.len && !(node_only_scan && out->node_only_syntax)) {
		unsigned char c = (unsigned char)src[sc.i];
		char c1 = sc.i + 1 < len ? src[sc.i + 1] : 0;
		char c2 = sc.i + 2 < len ? src[sc.i + 2] : 0;

		if (c == '\n') {
			sc.line++;
			sc.i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			sc.i++;
			continue;
		}
		if (c == '/' && c1 == '/') {
			skip_line_comment(&sc);
			continue;
		}
		if (c == '/' && c1 == '*') {
			skip_block_comment(&sc);
			continue;
		}
		if (c == '\'' || c == '"') {
			skip_string(&sc, (char)c);
			sc.prev = P_VALUE;
			sc.prev_punct = 0;
			continue;
		}
		if (c == '`') {
			found(&sc, "template literal");
			skip_template(&sc, 0);
			sc.prev = P_VALUE;
			sc.prev_punct = 0;
			continue;
		}
		if (c == '/' && sc.prev != P_VALUE) {
			skip_regex(&sc);
			sc.prev = P_VALUE;
			sc.prev_punct = 0;
			continue;
		}
		if (c >= '0' && c <= '9') {
			scan_number(&sc);
			sc.prev = P_VALUE;
			sc.prev_punct = 0;
			continue;
		}
		if (c == '.' && c1 >= '0' && c1 <= '9') {
			scan_number(&sc);
			sc.prev = P_VALUE;
			sc.prev_punct = 0;
			continue;
		}
		if (is_id_start(c)) {
			scan_word(&sc);
			continue;
		}
		if (c == '#') {
			found(&sc, "private class member");
			sc.i++;
			continue;
		}

		/* Punctuators. */
		bool param_start =
		    sc.paren > 0 && sc.paren <= MAX_NEST && sc.param_start[sc.paren - 1];
		int kind = cur_kind(&sc);
		size_t adv = 1;
		sc.prev = P_OPER;
		switch (c) {
		case '(':
			open_paren(&sc);
			sc.prev_punct = '(';
			sc.i++;
			continue;
		case ')':
			if (sc.prev_punct == ',')
				found(&sc, "trailing comma in a call or parameter list");
			if (sc.paren > 0)
				sc.paren--;
			sc.prev = P_VALUE;
			break;
		case ']':
		case '}': sc.prev = P_VALUE; break;
		case '{':
		case '[':
			if (param_start)
				found(&sc, "destructuring parameter");
			break;
		case ',':
			if (kind == K_PARAMS && sc.paren <= MAX_NEST)
				sc.param_start[sc.paren - 1] = true;
			break;
		case ';': break;
		case '.':
			if (c1 == '.' && c2 == '.') {
				found(&sc, "spread or rest (...)");
				adv = 3;
			}
			break;
		case '=':
			if (c1 == '>') {
				found(&sc, "arrow function");
				adv = 2;
			} else if (c1 == '=') {
				adv = c2 == '=' ? 3 : 2;
			} else if (kind == K_PARAMS) {
				found(&sc, "default parameter");
			}
			break;
		case '?':
			if (c1 == '?') {
				found(&sc, c2 == '=' ? "logical assignment (?\?=)"
						     : "nullish coalescing (?\?)");
				adv = 2;
			} else if (c1 == '.' && !(c2 >= '0' && c2 <= '9')) {
				found(&sc, "optional chaining (?.)");
				adv = 2;
			}
			break;
		case '|':
		case '&':
			if (c1 == (char)c && c2 == '=') {
				found(&sc, "logical assignment");
				adv = 3;
			} else if (c1 == (char)c) {
				adv = 2;
			}
			break;
		default: break;
		}
		if (sc.paren > 0 && sc.paren <= MAX_NEST && c != ',')
			sc.param_start[sc.paren - 1] = false;
		sc.prev_punct = (char)c;
		sc.prev_word[0] = '\0';
		sc.i += adv;
	}
}

void js_scan(const char *src, size_t len, struct js_scan *out)
{
	scan(src, len, out, false);
}

void js_scan_node_only(const char *src, size_t len, struct js_scan *out)
{
	scan(src, len, out, true);
}
