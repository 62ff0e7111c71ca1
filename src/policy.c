#include "policy.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "execute.h"
#include "js/tokenize.h"
#include "render.h"
#include "util.h"

#define L_JS   ((1u << LANG_JAVASCRIPT) | (1u << LANG_TYPESCRIPT))
#define L_PY   (1u << LANG_PYTHON)
#define L_R    (1u << LANG_R)
#define L_JAVA (1u << LANG_JAVA)

/* Most findings kept per scan: a generated file with 10,000 evals should
 * not produce a 10,000-entry record. The verdict (blocked) counts them all. */
#define POLICY_MAX_FINDINGS 100
/* Most dependencies listed: each new name is compared with those before it,
 * so without a cap 100,000 distinct imports (700 KB of code) took 25 s of
 * `sbx prepare`, outside the sandbox. No real program names 1,000 modules. */
#define POLICY_MAX_DEPS 1000

/* The rule table. Built-in levels: by default nothing blocks: eval,
 * imports, subprocesses, sockets, even prototype writes are found in
 * honest programs that run correctly, and the sandbox stops what would
 * reach the host anyway; the scanner is advisory (a computed name like
 * o['constr' + 'uctor'] passes it). The strict profile (`--policy strict`)
 * blocks every rule that warns, as the JavaScript sandbox services do by
 * default. java.exit is off: System.exit is how Java programs set their
 * exit status. The order is not an API (the ids are). */
static const struct policy_rule rules[] = {
    {"js.dynamic_code", L_JS, POLICY_WARN, 0.4,
     "eval, Function(), new Function, .constructor.constructor, setTimeout/setInterval with a "
     "string"},
    {"js.module_loading", L_JS, POLICY_WARN, 0.2,
     "require() of anything but node's pure core modules, import, import()"},
    {"js.process", L_JS, POLICY_WARN, 0.4, "process.* (Node's process object)"},
    {"js.prototype_pollution", L_JS, POLICY_WARN, 0.7,
     "writes through __proto__, constructor[...], Object.prototype writes"},
    {"js.fs", L_JS, POLICY_WARN, 0.3, "fs.* and loading the fs module"},
    {"py.subprocess", L_PY, POLICY_WARN, 0.5,
     "subprocess, pty, os.system, os.popen, os.exec*, os.spawn*, os.fork"},
    {"py.dynamic_code", L_PY, POLICY_WARN, 0.3,
     "eval(), exec(), __import__(), importlib.import_module()"},
    {"py.native", L_PY, POLICY_WARN, 0.5, "ctypes, cffi (calling C directly)"},
    {"py.network", L_PY, POLICY_WARN, 0.4,
     "socket, urllib, http, requests, httpx, aiohttp, ftplib, smtplib"},
    {"py.host_files", L_PY, POLICY_WARN, 0.2, "open() of an absolute path"},
    {"r.system", L_R, POLICY_WARN, 0.5, "system(), system2(), shell(), pipe()"},
    {"r.environment", L_R, POLICY_WARN, 0.2, "Sys.setenv(), Sys.unsetenv()"},
    {"r.network", L_R, POLICY_WARN, 0.4,
     "socketConnection(), url(), download.file(), make.socket()"},
    {"r.native", L_R, POLICY_WARN, 0.5, "dyn.load(), .C(), .Call(), .External(), .Fortran()"},
    {"r.dynamic_code", L_R, POLICY_WARN, 0.3, "eval(parse(...)), eval(str2lang(...))"},
    {"java.process", L_JAVA, POLICY_WARN, 0.5, "Runtime.exec(), ProcessBuilder"},
    {"java.network", L_JAVA, POLICY_WARN, 0.4, "java.net.*, sockets, HttpClient"},
    {"java.reflection", L_JAVA, POLICY_WARN, 0.4,
     "setAccessible(), java.lang.reflect, Class.forName(), MethodHandles"},
    {"java.native", L_JAVA, POLICY_WARN, 0.5,
     "System.load(), System.loadLibrary(), sun.misc.Unsafe"},
    {"java.exit", L_JAVA, POLICY_OFF, 0.05, "System.exit(), Runtime.halt()"},
};

#define NRULES (sizeof(rules) / sizeof(rules[0]))
_Static_assert(NRULES <= CONFIG_MAX_RULES, "raise CONFIG_MAX_RULES in config.h");

size_t policy_rule_count(void)
{
	return NRULES;
}

const struct policy_rule *policy_rule_at(size_t i)
{
	return i < NRULES ? &rules[i] : NULL;
}

int policy_rule_index(const char *id)
{
	for (size_t i = 0; i < NRULES; i++)
		if (!strcmp(rules[i].id, id))
			return (int)i;
	return -1;
}

const char *policy_level_name(enum policy_level l)
{
	switch (l) {
	case POLICY_OFF: return "off";
	case POLICY_WARN: return "warn";
	case POLICY_BLOCK: return "block";
	default: return "default";
	}
}

enum policy_level policy_level_from_name(const char *s)
{
	if (!strcmp(s, "off"))
		return POLICY_OFF;
	if (!strcmp(s, "warn"))
		return POLICY_WARN;
	if (!strcmp(s, "block"))
		return POLICY_BLOCK;
	return POLICY_DEFAULT;
}

int policy_profile_from_name(const char *s, enum policy_profile *out)
{
	if (!strcmp(s, "default"))
		*out = POLICY_PROFILE_DEFAULT;
	else if (!strcmp(s, "strict"))
		*out = POLICY_PROFILE_STRICT;
	else
		return -1;
	return 0;
}

enum policy_level policy_rule_level(const struct config *cfg, size_t i)
{
	if (i >= NRULES)
		return POLICY_OFF;
	if (cfg && cfg->rule_levels[i] != POLICY_DEFAULT)
		return (enum policy_level)cfg->rule_levels[i];
	if (cfg && cfg->policy_profile == POLICY_PROFILE_STRICT && rules[i].level == POLICY_WARN)
		return POLICY_BLOCK;
	return rules[i].level;
}

/* ---- tokens ---------------------------------------------------------- */

enum tok_type { T_IDENT, T_PUNCT, T_STRING, T_TEMPLATE, T_NUMBER, T_REGEX };

/* 24 bytes: the scan holds every token of the code at once, before any limit
 * of the run applies (the code size limit, SBX_MAX_CODE, keeps len in range). */
struct tok {
	const char *s; /* identifiers, punctuators; string contents without quotes */
	uint32_t len;
	int line, col;
	unsigned char type; /* enum tok_type */
	bool opens_expr;    /* a template part that ends with "${" */
};

struct toks {
	struct tok *v;
	size_t n, alloc;
};

struct lexer {
	const char *p, *end;
	int line, col;
	struct toks *out;
};

static void lx_adv(struct lexer *lx)
{
	if (lx->p >= lx->end)
		return;
	if (*lx->p == '\n') {
		lx->line++;
		lx->col = 1;
	} else if (((unsigned char)*lx->p & 0xC0) != 0x80) {
		lx->col++; /* columns count characters, not UTF-8 continuation bytes */
	}
	lx->p++;
}

static void lx_advn(struct lexer *lx, size_t n)
{
	while (n-- && lx->p < lx->end)
		lx_adv(lx);
}

static int lx_peek(const struct lexer *lx, size_t k)
{
	return lx->p + k < lx->end ? (unsigned char)lx->p[k] : -1;
}

static bool lx_at(const struct lexer *lx, const char *s)
{
	size_t n = strlen(s);
	return (size_t)(lx->end - lx->p) >= n && !memcmp(lx->p, s, n);
}

static struct tok *emit(struct lexer *lx, enum tok_type t, const char *s, size_t len, int line,
			int col)
{
	struct toks *o = lx->out;
	if (o->n == o->alloc) {
		o->alloc = o->alloc ? o->alloc * 2 : 256;
		o->v = xrealloc(o->v, o->alloc * sizeof(*o->v));
	}
	struct tok *k = &o->v[o->n++];
	*k = (struct tok){s, (uint32_t)len, line, col, (unsigned char)t, false};
	return k;
}

static bool is_ident_start(int c)
{
	return c == '_' || c == '$' || isalpha(c) || c >= 0x80;
}

static bool is_ident_char(int c)
{
	return is_ident_start(c) || isdigit(c);
}

static void lex_skip_line(struct lexer *lx)
{
	while (lx->p < lx->end && *lx->p != '\n')
		lx_adv(lx);
}

static void lex_skip_block_comment(struct lexer *lx)
{
	lx_advn(lx, 2);
	while (lx->p < lx->end && !lx_at(lx, "*/"))
		lx_adv(lx);
	lx_advn(lx, 2);
}

/* A quoted string; q is the quote. Stops at an unescaped newline too, so an
 * unterminated string cannot swallow the rest of the file. */
static void lex_quoted(struct lexer *lx, char q)
{
	int line = lx->line, col = lx->col;
	lx_adv(lx);
	const char *s = lx->p;
	while (lx->p < lx->end && *lx->p != q && *lx->p != '\n') {
		if (*lx->p == '\\')
			lx_adv(lx);
		lx_adv(lx);
	}
	emit(lx, T_STRING, s, (size_t)(lx->p - s), line, col);
	if (lx->p < lx->end && *lx->p == q)
		lx_adv(lx);
}

static void lex_number(struct lexer *lx)
{
	int line = lx->line, col = lx->col;
	const char *s = lx->p;
	while (lx->p < lx->end) {
		int c = (unsigned char)*lx->p;
		if (isalnum(c) || c == '_' || c == '.')
			lx_adv(lx);
		else if ((c == '+' || c == '-') && (lx->p[-1] == 'e' || lx->p[-1] == 'E') &&
			 !(s[0] == '0' && (s[1] == 'x' || s[1] == 'X')))
			lx_adv(lx);
		else
			break;
	}
	emit(lx, T_NUMBER, s, (size_t)(lx->p - s), line, col);
}

static void lex_ident(struct lexer *lx, bool (*more)(int))
{
	int line = lx->line, col = lx->col;
	const char *s = lx->p;
	while (lx->p < lx->end && more((unsigned char)*lx->p))
		lx_adv(lx);
	emit(lx, T_IDENT, s, (size_t)(lx->p - s), line, col);
}

/* Longest punctuator from the list, else one byte. */
static void lex_punct(struct lexer *lx, const char *const *multi)
{
	int line = lx->line, col = lx->col;
	const char *s = lx->p;
	size_t n = 1;
	for (size_t i = 0; multi[i]; i++)
		if (lx_at(lx, multi[i]) && strlen(multi[i]) > n)
			n = strlen(multi[i]);
	lx_advn(lx, n);
	emit(lx, T_PUNCT, s, n, line, col);
}

static bool tok_eq(const struct tok *t, const char *s)
{
	return t && t->len == strlen(s) && !memcmp(t->s, s, t->len);
}

static bool tok_ident(const struct tok *t, const char *s)
{
	return t && t->type == T_IDENT && tok_eq(t, s);
}

static bool tok_punct(const struct tok *t, const char *s)
{
	return t && t->type == T_PUNCT && tok_eq(t, s);
}

static bool tok_string(const struct tok *t)
{
	return t && (t->type == T_STRING || (t->type == T_TEMPLATE && !t->opens_expr));
}

/* ---- JavaScript / TypeScript tokenizer ----------------------------- */

static const char *const js_puncts[] = {
    ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "?\x3f=", "=>",
    "==",   "!=",  "<=",  ">=",	 "&&",	"||",  "??",  "?.",  "++",  "--",  "+=",     "-=",
    "*=",   "/=",  "%=",  "&=",	 "|=",	"^=",  "<<",  ">>",  "**",  NULL,
};

/* Whether a '/' after prev starts a regex literal rather than a division.
 * After an operand (name, number, string, closing bracket) it divides. */
static bool js_regex_allowed(const struct tok *prev)
{
	static const char *const kw[] = {"return", "typeof", "instanceof", "in",    "of",
					 "new",	   "delete", "void",	   "throw", "case",
					 "do",	   "else",   "yield",	   "await", NULL};
	if (!prev)
		return true;
	switch (prev->type) {
	case T_NUMBER:
	case T_STRING:
	case T_REGEX: return false;
	case T_TEMPLATE: return prev->opens_expr;
	case T_IDENT:
		for (size_t i = 0; kw[i]; i++)
			if (tok_eq(prev, kw[i]))
				return true;
		return false;
	case T_PUNCT:
		return !(tok_eq(prev, ")") || tok_eq(prev, "]") || tok_eq(prev, "}") ||
			 tok_eq(prev, "++") || tok_eq(prev, "--"));
	}
	return true;
}

/* Scans a regex literal at '/'. Returns false (nothing consumed) when the
 * line ends first: then it was a division after all. */
static bool js_lex_regex(struct lexer *lx)
{
	const char *q = lx->p + 1;
	bool in_class = false;
	while (q < lx->end && *q != '\n') {
		if (*q == '\\') {
			q += 2;
			continue;
		}
		if (*q == '[')
			in_class = true;
		else if (*q == ']')
			in_class = false;
		else if (*q == '/' && !in_class)
			break;
		q++;
	}
	if (q >= lx->end || *q != '/')
		return false;
	int line = lx->line, col = lx->col;
	const char *s = lx->p;
	lx_advn(lx, (size_t)(q - lx->p) + 1);
	while (lx->p < lx->end && is_ident_char((unsigned char)*lx->p))
		lx_adv(lx);
	emit(lx, T_REGEX, s, (size_t)(lx->p - s), line, col);
	return true;
}

/* Template text from just after '`' or '}' to the closing '`' or "${". */
static bool js_lex_template_part(struct lexer *lx)
{
	int line = lx->line, col = lx->col;
	const char *s = lx->p;
	while (lx->p < lx->end && *lx->p != '`' && !lx_at(lx, "${")) {
		if (*lx->p == '\\')
			lx_adv(lx);
		lx_adv(lx);
	}
	struct tok *t = emit(lx, T_TEMPLATE, s, (size_t)(lx->p - s), line, col);
	if (lx_at(lx, "${")) {
		lx_advn(lx, 2);
		t->opens_expr = true;
		return true;
	}
	lx_adv(lx); /* the closing backquote */
	return false;
}

#define JS_MAX_TEMPLATE_DEPTH 64

static void lex_js(const char *code, size_t len, struct toks *out)
{
	struct lexer lx = {code, code + len, 1, 1, out};
	/* Brace depth at each open "${", to know which '}' resumes the text. */
	int tstack[JS_MAX_TEMPLATE_DEPTH];
	int tdepth = 0, braces = 0;
	if (lx_at(&lx, "#!"))
		lex_skip_line(&lx);
	while (lx.p < lx.end) {
		int c = (unsigned char)*lx.p;
		struct tok *prev = out->n ? &out->v[out->n - 1] : NULL;
		if (isspace(c)) {
			lx_adv(&lx);
		} else if (lx_at(&lx, "//")) {
			lex_skip_line(&lx);
		} else if (lx_at(&lx, "/*")) {
			lex_skip_block_comment(&lx);
		} else if (is_ident_start(c) || c == '\\') {
			lex_ident(&lx, is_ident_char);
			if (lx.out->v[lx.out->n - 1].len == 0)
				lx_adv(&lx); /* a stray backslash */
		} else if (isdigit(c) ||
			   (c == '.' && lx_peek(&lx, 1) >= '0' && lx_peek(&lx, 1) <= '9')) {
			lex_number(&lx);
		} else if (c == '\'' || c == '"') {
			lex_quoted(&lx, (char)c);
		} else if (c == '`') {
			lx_adv(&lx);
			if (js_lex_template_part(&lx)) {
				if (tdepth < JS_MAX_TEMPLATE_DEPTH)
					tstack[tdepth] = braces;
				tdepth++;
				braces++;
			}
		} else if (c == '/' && js_regex_allowed(prev) && js_lex_regex(&lx)) {
			/* consumed */
		} else if (c == '}' && tdepth > 0 && tdepth <= JS_MAX_TEMPLATE_DEPTH &&
			   tstack[tdepth - 1] == braces - 1) {
			lx_adv(&lx);
			braces--;
			tdepth--;
			if (js_lex_template_part(&lx)) {
				tstack[tdepth++] = braces;
				braces++;
			}
		} else {
			if (c == '{')
				braces++;
			else if (c == '}' && braces > 0)
				braces--;
			lex_punct(&lx, js_puncts);
		}
	}
}

/* ---- Python, R, Java tokenizers ------------------------------------- */

static bool py_ident_char(int c)
{
	return c == '_' || isalnum(c) || c >= 0x80;
}

static bool py_string_prefix(const char *s, size_t n)
{
	static const char *const p[] = {"r", "u", "b", "f", "br", "rb", "fr", "rf", NULL};
	if (n == 0 || n > 2)
		return false;
	for (size_t i = 0; p[i]; i++)
		if (strlen(p[i]) == n && !strncasecmp(s, p[i], n))
			return true;
	return false;
}

/* A Python string at its quote: '...', "...", or triple-quoted. f-strings
 * are scanned as strings whole: their {expressions} are not checked. */
static void py_lex_string(struct lexer *lx, int line, int col)
{
	char q = *lx->p;
	bool triple = lx_peek(lx, 1) == q && lx_peek(lx, 2) == q;
	lx_advn(lx, triple ? 3 : 1);
	const char *s = lx->p;
	const char *e = lx->end;
	while (lx->p < lx->end) {
		if (*lx->p == '\\') {
			lx_advn(lx, 2);
			continue;
		}
		if (triple ? (lx_peek(lx, 0) == q && lx_peek(lx, 1) == q && lx_peek(lx, 2) == q)
			   : (*lx->p == q || *lx->p == '\n')) {
			e = lx->p;
			break;
		}
		lx_adv(lx);
	}
	if (e == lx->end)
		e = lx->p;
	emit(lx, T_STRING, s, (size_t)(e - s), line, col);
	if (lx->p < lx->end && *lx->p == q)
		lx_advn(lx, triple ? 3 : 1);
}

static const char *const py_puncts[] = {
    "**=", "//=", ">>=", "<<=", "...", "**", "//", "==", "!=", "<=", ">=", "->",
    ":=",  "+=",  "-=",	 "*=",	"/=",  "%=", "&=", "|=", "^=", "<<", ">>", NULL};

static void lex_python(const char *code, size_t len, struct toks *out)
{
	struct lexer lx = {code, code + len, 1, 1, out};
	while (lx.p < lx.end) {
		int c = (unsigned char)*lx.p;
		if (isspace(c) || c == '\\') {
			lx_adv(&lx);
		} else if (c == '#') {
			lex_skip_line(&lx);
		} else if (c == '_' || isalpha(c) || c >= 0x80) {
			int line = lx.line, col = lx.col;
			const char *s = lx.p;
			while (lx.p < lx.end && py_ident_char((unsigned char)*lx.p))
				lx_adv(&lx);
			size_t n = (size_t)(lx.p - s);
			if (lx.p < lx.end && (*lx.p == '\'' || *lx.p == '"') &&
			    py_string_prefix(s, n))
				py_lex_string(&lx, line, col);
			else
				emit(&lx, T_IDENT, s, n, line, col);
		} else if (isdigit(c) ||
			   (c == '.' && lx_peek(&lx, 1) >= '0' && lx_peek(&lx, 1) <= '9')) {
			lex_number(&lx);
		} else if (c == '\'' || c == '"') {
			py_lex_string(&lx, lx.line, lx.col);
		} else {
			lex_punct(&lx, py_puncts);
		}
	}
}

static bool r_ident_char(int c)
{
	return c == '_' || c == '.' || isalnum(c) || c >= 0x80;
}

/* R 4.0 raw strings: r"(...)", r"[...]", r"{...}", with optional dashes. */
static bool r_lex_raw(struct lexer *lx, int line, int col)
{
	char q = *lx->p;
	size_t dashes = 0;
	while (lx_peek(lx, 1 + dashes) == '-')
		dashes++;
	int open = lx_peek(lx, 1 + dashes);
	char close = open == '(' ? ')' : open == '[' ? ']' : open == '{' ? '}' : 0;
	if (!close)
		return false;
	lx_advn(lx, 2 + dashes);
	const char *s = lx->p;
	while (lx->p < lx->end) {
		if (*lx->p == close) {
			size_t k = 1;
			while (k <= dashes && lx_peek(lx, k) == '-')
				k++;
			if (k == dashes + 1 && lx_peek(lx, k) == q) {
				emit(lx, T_STRING, s, (size_t)(lx->p - s), line, col);
				lx_advn(lx, k + 1);
				return true;
			}
		}
		lx_adv(lx);
	}
	emit(lx, T_STRING, s, (size_t)(lx->p - s), line, col);
	return true;
}

static const char *const r_puncts[] = {
    ":::", "<<-", "->>", "::", "<-", "->", "<=", ">=", "==", "!=", "&&", "||", "|>", NULL};

static void lex_r(const char *code, size_t len, struct toks *out)
{
	struct lexer lx = {code, code + len, 1, 1, out};
	while (lx.p < lx.end) {
		int c = (unsigned char)*lx.p;
		if (isspace(c)) {
			lx_adv(&lx);
		} else if (c == '#') {
			lex_skip_line(&lx);
		} else if ((c == 'r' || c == 'R') &&
			   (lx_peek(&lx, 1) == '"' || lx_peek(&lx, 1) == '\'')) {
			int line = lx.line, col = lx.col;
			lx_adv(&lx);
			if (!r_lex_raw(&lx, line, col))
				lex_quoted(&lx, *lx.p);
		} else if (isalpha(c) || c >= 0x80 ||
			   (c == '.' && !(lx_peek(&lx, 1) >= '0' && lx_peek(&lx, 1) <= '9'))) {
			lex_ident(&lx, r_ident_char);
		} else if (isdigit(c) || c == '.') {
			lex_number(&lx);
		} else if (c == '"' || c == '\'') {
			/* R strings may span lines. */
			int line = lx.line, col = lx.col;
			char q = (char)c;
			lx_adv(&lx);
			const char *s = lx.p;
			while (lx.p < lx.end && *lx.p != q) {
				if (*lx.p == '\\')
					lx_adv(&lx);
				lx_adv(&lx);
			}
			emit(&lx, T_STRING, s, (size_t)(lx.p - s), line, col);
			lx_adv(&lx);
		} else if (c == '`') {
			/* `name` is an identifier: `system`("ls") calls system. */
			int line = lx.line, col = lx.col;
			lx_adv(&lx);
			const char *s = lx.p;
			while (lx.p < lx.end && *lx.p != '`' && *lx.p != '\n')
				lx_adv(&lx);
			emit(&lx, T_IDENT, s, (size_t)(lx.p - s), line, col);
			lx_adv(&lx);
		} else if (c == '%') {
			/* %op% operators, e.g. %in%, %>% */
			int line = lx.line, col = lx.col;
			const char *s = lx.p;
			lx_adv(&lx);
			while (lx.p < lx.end && *lx.p != '%' && *lx.p != '\n')
				lx_adv(&lx);
			lx_adv(&lx);
			emit(&lx, T_PUNCT, s, (size_t)(lx.p - s), line, col);
		} else {
			lex_punct(&lx, r_puncts);
		}
	}
}

static bool java_ident_char(int c)
{
	return c == '_' || c == '$' || isalnum(c) || c >= 0x80;
}

static const char *const java_puncts[] = {">>>=", "<<=", ">>=", ">>>", "...", "::", "->",
					  "==",	  "!=",	 "<=",	">=",  "&&",  "||", "++",
					  "--",	  "+=",	 "-=",	"*=",  "/=",  "<<", NULL};

static void lex_java(const char *code, size_t len, struct toks *out)
{
	struct lexer lx = {code, code + len, 1, 1, out};
	while (lx.p < lx.end) {
		int c = (unsigned char)*lx.p;
		if (isspace(c)) {
			lx_adv(&lx);
		} else if (lx_at(&lx, "//")) {
			lex_skip_line(&lx);
		} else if (lx_at(&lx, "/*")) {
			lex_skip_block_comment(&lx);
		} else if (c == '_' || c == '$' || isalpha(c) || c >= 0x80) {
			lex_ident(&lx, java_ident_char);
		} else if (isdigit(c) ||
			   (c == '.' && lx_peek(&lx, 1) >= '0' && lx_peek(&lx, 1) <= '9')) {
			lex_number(&lx);
		} else if (lx_at(&lx, "\"\"\"")) {
			int line = lx.line, col = lx.col;
			lx_advn(&lx, 3);
			const char *s = lx.p;
			while (lx.p < lx.end && !lx_at(&lx, "\"\"\"")) {
				if (*lx.p == '\\')
					lx_adv(&lx);
				lx_adv(&lx);
			}
			emit(&lx, T_STRING, s, (size_t)(lx.p - s), line, col);
			lx_advn(&lx, 3);
		} else if (c == '"' || c == '\'') {
			lex_quoted(&lx, (char)c);
		} else {
			lex_punct(&lx, java_puncts);
		}
	}
}

static void tokenize(const struct lang *lang, const char *code, size_t len, struct toks *out)
{
	memset(out, 0, sizeof(*out));
	switch (lang->id) {
	case LANG_PYTHON: lex_python(code, len, out); break;
	case LANG_R: lex_r(code, len, out); break;
	case LANG_JAVA: lex_java(code, len, out); break;
	default: lex_js(code, len, out); break;
	}
}

/* ---- findings --------------------------------------------------------- */

struct scan {
	const struct config *cfg;
	struct policy_report *rep;
	const struct toks *t;
	bool seen[NRULES]; /* for the risk score: each rule counts once */
};

__attribute__((format(printf, 4, 5))) static void find(struct scan *sc, const char *rule_id,
						       const struct tok *at, const char *fmt, ...)
{
	int idx = policy_rule_index(rule_id);
	if (idx < 0)
		abort(); /* a typo in this file's rule ids: fail loudly in tests */
	enum policy_level lvl = policy_rule_level(sc->cfg, (size_t)idx);
	if (lvl == POLICY_OFF)
		return;
	struct policy_report *rep = sc->rep;
	/* The same rule at the same place once (require('fs') is reached twice). */
	for (size_t i = 0; i < rep->n; i++)
		if (rep->findings[i].rule == &rules[idx] && rep->findings[i].line == at->line &&
		    rep->findings[i].column == at->col)
			return;
	sc->seen[idx] = true;
	if (lvl == POLICY_BLOCK)
		rep->blocked = true;
	if (rep->n >= POLICY_MAX_FINDINGS)
		return;
	if (rep->n == rep->alloc) {
		rep->alloc = rep->alloc ? rep->alloc * 2 : 8;
		rep->findings = xrealloc(rep->findings, rep->alloc * sizeof(*rep->findings));
	}
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	char msg[256];
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	buf_puts(&b, msg);
	rep->findings[rep->n++] =
	    (struct policy_finding){&rules[idx], lvl, at->line, at->col, buf_detach(&b, NULL)};
}

/* Token k positions from i, or NULL past either end. */
static const struct tok *T(const struct scan *sc, size_t i, long k)
{
	long j = (long)i + k;
	return j >= 0 && (size_t)j < sc->t->n ? &sc->t->v[j] : NULL;
}

static bool after_dot(const struct scan *sc, size_t i)
{
	const struct tok *p = T(sc, i, -1);
	return tok_punct(p, ".") || tok_punct(p, "?.");
}

static bool is_assign_op(const struct tok *t)
{
	static const char *const not_assign[] = {"==", "===", "!=", "!==", "<=", ">=", "=>", NULL};
	if (!t || t->type != T_PUNCT || t->len == 0 || t->s[t->len - 1] != '=')
		return false;
	for (size_t i = 0; not_assign[i]; i++)
		if (tok_eq(t, not_assign[i]))
			return false;
	return true;
}

/* Index just past the matching ']' for '[' at i (or the end). */
static size_t skip_brackets(const struct scan *sc, size_t i)
{
	int depth = 0;
	for (; i < sc->t->n; i++) {
		if (tok_punct(&sc->t->v[i], "["))
			depth++;
		else if (tok_punct(&sc->t->v[i], "]") && --depth == 0)
			return i + 1;
	}
	return i;
}

static bool str_is(const struct tok *t, const char *s)
{
	return tok_string(t) && tok_eq(t, s);
}

static bool js_fs_module(const struct tok *t)
{
	return str_is(t, "fs") || str_is(t, "node:fs") || str_is(t, "fs/promises") ||
	       str_is(t, "node:fs/promises");
}

/* node's pure core modules, which the runtime's require() provides
 * (src/js/nodelib/require.js): loading them is not module loading. */
static bool js_core_module(const struct tok *t)
{
	static const char *const core[] = {"assert", "assert/strict", "util", "events",
					   "path",   "path/posix",    NULL};
	if (!tok_string(t))
		return false;
	const char *s = t->s;
	size_t n = t->len;
	if (n > 5 && !memcmp(s, "node:", 5)) {
		s += 5;
		n -= 5;
	}
	for (size_t k = 0; core[k]; k++)
		if (strlen(core[k]) == n && !memcmp(core[k], s, n))
			return true;
	return false;
}

/* The token after a member chain starting at i (`.a`, `[...]` repeated). */
static size_t skip_member_chain(struct scan *sc, size_t i)
{
	for (;;) {
		const struct tok *a = T(sc, i, 0);
		if (tok_punct(a, ".") && T(sc, i, 1) && T(sc, i, 1)->type == T_IDENT)
			i += 2;
		else if (tok_punct(a, "["))
			i = skip_brackets(sc, i);
		else
			return i;
	}
}

static void scan_js(struct scan *sc)
{
	for (size_t i = 0; i < sc->t->n; i++) {
		const struct tok *t = &sc->t->v[i], *next = T(sc, i, 1);
		bool dot = after_dot(sc, i);
		if (t->type == T_IDENT) {
			/* eval, (0, eval)(s), globalThis.eval(s); not {eval: 1} or o.eval = 1 */
			if (tok_eq(t, "eval") && !tok_punct(next, ":") &&
			    (!dot || tok_punct(next, "(")))
				find(sc, "js.dynamic_code", t, "eval runs a string as code");
			else if (tok_eq(t, "Function") && !dot &&
				 (tok_punct(next, "(") || tok_ident(T(sc, i, -1), "new")))
				find(sc, "js.dynamic_code", t,
				     "Function() builds a function from a string");
			else if ((tok_eq(t, "setTimeout") || tok_eq(t, "setInterval")) &&
				 tok_punct(next, "(") && tok_string(T(sc, i, 2)))
				find(sc, "js.dynamic_code", t,
				     "%.*s with a string argument runs it as code", (int)t->len,
				     t->s);
			else if (tok_eq(t, "require") && !dot && tok_punct(next, "(") &&
				 !(js_core_module(T(sc, i, 2)) && tok_punct(T(sc, i, 3), ")"))) {
				find(sc, "js.module_loading", t,
				     "require() of a module other than node's pure core modules "
				     "(assert, util, events, path)");
				if (js_fs_module(T(sc, i, 2)))
					find(sc, "js.fs", t,
					     "loads the fs module (file-system access)");
			} else if (tok_eq(t, "import") && !dot &&
				   (tok_punct(next, "(") || tok_punct(next, "{") ||
				    tok_punct(next, "*") || tok_string(next) ||
				    (next && next->type == T_IDENT))) {
				find(sc, "js.module_loading", t,
				     "import loads a module; the sandbox has no module loader");
				for (size_t j = i + 1; j < sc->t->n && j < i + 64; j++) {
					const struct tok *u = &sc->t->v[j];
					if (tok_punct(u, ";") || tok_ident(u, "import"))
						break;
					if (js_fs_module(u)) {
						find(sc, "js.fs", t,
						     "loads the fs module (file-system access)");
						break;
					}
				}
			} else if (tok_eq(t, "process") && !dot &&
				   (tok_punct(next, ".") || tok_punct(next, "["))) {
				find(sc, "js.process", t,
				     "process gives access to the host process");
			} else if (tok_eq(t, "fs") && !dot && tok_punct(next, ".")) {
				find(sc, "js.fs", t, "fs reads and writes files");
			} else if (tok_eq(t, "__proto__") && dot &&
				   is_assign_op(T(sc, skip_member_chain(sc, i + 1), 0))) {
				/* a.__proto__ = p, a.__proto__.x = v; not reads, not
				 * {__proto__: null} */
				find(sc, "js.prototype_pollution", t,
				     "writing through __proto__ can change every object");
			} else if (tok_eq(t, "constructor") && dot && tok_punct(next, ".") &&
				   tok_ident(T(sc, i, 2), "constructor")) {
				find(
				    sc, "js.dynamic_code", t,
				    ".constructor.constructor reaches Function, which runs strings "
				    "as code");
			} else if (tok_eq(t, "constructor") && tok_punct(next, "[")) {
				find(sc, "js.prototype_pollution", t,
				     "constructor[...] reaches constructors by name");
			} else if (tok_eq(t, "Object") && !dot && tok_punct(next, ".") &&
				   tok_ident(T(sc, i, 2), "prototype")) {
				/* Object.prototype.x = ..., Object.prototype[k] = ... */
				const struct tok *a = T(sc, i, 3);
				size_t j = i + 3;
				if (tok_punct(a, ".") && T(sc, i, 4) &&
				    T(sc, i, 4)->type == T_IDENT)
					j = i + 5;
				else if (tok_punct(a, "["))
					j = skip_brackets(sc, i + 3);
				if (j > i + 3 && is_assign_op(T(sc, j, 0)))
					find(sc, "js.prototype_pollution", t,
					     "writes to Object.prototype change every object");
			}
		} else if (t->type == T_STRING && tok_punct(T(sc, i, -1), "[") &&
			   tok_punct(next, "]")) {
			/* obj["__proto__"] is obj.__proto__ spelt as a string. */
			if (tok_eq(t, "__proto__") &&
			    is_assign_op(T(sc, skip_member_chain(sc, i + 2), 0)))
				find(sc, "js.prototype_pollution", t,
				     "writing through [\"__proto__\"] can change every object");
			else if (tok_eq(t, "constructor") && tok_punct(T(sc, i, 2), "[") &&
				 str_is(T(sc, i, 3), "constructor"))
				find(sc, "js.dynamic_code", t,
				     "[\"constructor\"][\"constructor\"] reaches Function");
		}
	}
}

/* ---- Python ----------------------------------------------------------- */

static const char *py_module_rule(const char *mod, size_t n)
{
	static const struct {
		const char *mod, *rule;
	} m[] = {
	    {"subprocess", "py.subprocess"}, {"pty", "py.subprocess"},
	    {"ctypes", "py.native"},	     {"cffi", "py.native"},
	    {"socket", "py.network"},	     {"urllib", "py.network"},
	    {"http", "py.network"},	     {"requests", "py.network"},
	    {"httpx", "py.network"},	     {"aiohttp", "py.network"},
	    {"ftplib", "py.network"},	     {"smtplib", "py.network"},
	    {"telnetlib", "py.network"},     {"socketserver", "py.network"},
	};
	for (size_t i = 0; i < sizeof(m) / sizeof(m[0]); i++)
		if (strlen(m[i].mod) == n && !memcmp(m[i].mod, mod, n))
			return m[i].rule;
	return NULL;
}

static bool py_os_process_call(const struct tok *t)
{
	static const char *const names[] = {"system",	   "popen",	   "fork", "forkpty",
					    "posix_spawn", "posix_spawnp", NULL};
	if (!t || t->type != T_IDENT)
		return false;
	for (size_t i = 0; names[i]; i++)
		if (tok_eq(t, names[i]))
			return true;
	return (t->len > 4 && !memcmp(t->s, "exec", 4)) ||
	       (t->len > 5 && !memcmp(t->s, "spawn", 5));
}

/* The top-level module of a dotted name starting at token i. */
static void py_check_module(struct scan *sc, const struct tok *t)
{
	const char *rule = py_module_rule(t->s, t->len);
	if (rule)
		find(sc, rule, t, "imports %.*s", (int)t->len, t->s);
}

static void scan_python(struct scan *sc)
{
	for (size_t i = 0; i < sc->t->n; i++) {
		const struct tok *t = &sc->t->v[i], *next = T(sc, i, 1);
		if (t->type != T_IDENT)
			continue;
		bool dot = after_dot(sc, i);
		if (tok_eq(t, "import") && !dot) {
			/* import a.b as c, d */
			for (size_t j = i + 1; j < sc->t->n; j++) {
				const struct tok *u = &sc->t->v[j];
				if (u->type == T_IDENT && !tok_eq(u, "as") && !after_dot(sc, j) &&
				    !tok_ident(T(sc, j, -1), "as"))
					py_check_module(sc, u);
				const struct tok *w = T(sc, j, 1);
				if (!(tok_punct(w, ",") || tok_punct(w, ".") ||
				      tok_ident(w, "as") || tok_punct(u, ",") ||
				      tok_punct(u, ".") || tok_ident(u, "as")))
					break;
			}
		} else if (tok_eq(t, "from") && !dot && next && next->type == T_IDENT) {
			py_check_module(sc, next);
			/* from os import system */
			if (tok_ident(next, "os") && tok_ident(T(sc, i, 2), "import"))
				for (size_t j = i + 3; j < sc->t->n && j < i + 64; j++) {
					const struct tok *u = &sc->t->v[j];
					if (py_os_process_call(u))
						find(sc, "py.subprocess", u, "imports os.%.*s",
						     (int)u->len, u->s);
					const struct tok *w = T(sc, j, 1);
					if (!(tok_punct(w, ",") || tok_punct(w, "(") ||
					      tok_ident(w, "as") || tok_punct(u, ",") ||
					      tok_punct(u, "(") || tok_ident(u, "as")))
						break;
				}
		} else if (tok_eq(t, "os") && !dot && tok_punct(next, ".") &&
			   py_os_process_call(T(sc, i, 2))) {
			find(sc, "py.subprocess", t, "os.%.*s starts a process",
			     (int)T(sc, i, 2)->len, T(sc, i, 2)->s);
		} else if ((tok_eq(t, "eval") || tok_eq(t, "exec") || tok_eq(t, "__import__")) &&
			   tok_punct(next, "(") && (!dot || tok_ident(T(sc, i, -2), "builtins"))) {
			find(sc, "py.dynamic_code", t,
			     "%.*s() runs or loads code given as a string", (int)t->len, t->s);
		} else if (tok_eq(t, "import_module") && dot && tok_punct(next, "(")) {
			find(sc, "py.dynamic_code", t, "import_module() loads a module by name");
		} else if (tok_eq(t, "open") && !dot && tok_punct(next, "(") &&
			   tok_string(T(sc, i, 2)) && T(sc, i, 2)->len > 0 &&
			   T(sc, i, 2)->s[0] == '/') {
			find(sc, "py.host_files", t,
			     "opens the absolute path %.*s; the sandbox only has its working "
			     "directory",
			     (int)T(sc, i, 2)->len, T(sc, i, 2)->s);
		}
	}
}

/* ---- R ---------------------------------------------------------------- */

static bool one_of(const struct tok *t, const char *const *names)
{
	for (size_t i = 0; names[i]; i++)
		if (tok_ident(t, names[i]))
			return true;
	return false;
}

static void scan_r(struct scan *sc)
{
	static const char *const sys[] = {"system", "system2", "shell", "pipe", NULL};
	static const char *const env[] = {"Sys.setenv", "Sys.unsetenv", NULL};
	static const char *const net[] = {
	    "socketConnection", "url", "download.file", "make.socket", "socketAccept",
	    "serverSocket",	NULL};
	static const char *const nat[] = {"dyn.load", ".C", ".Call", ".External", ".Fortran", NULL};
	static const char *const code[] = {"parse", "str2lang", "str2expression", NULL};
	for (size_t i = 0; i < sc->t->n; i++) {
		const struct tok *t = &sc->t->v[i], *next = T(sc, i, 1);
		/* x$system(...) is a list element, not the function. */
		const struct tok *prev = T(sc, i, -1);
		if (t->type != T_IDENT || !tok_punct(next, "(") || tok_punct(prev, "$") ||
		    tok_punct(prev, "@"))
			continue;
		if (one_of(t, sys))
			find(sc, "r.system", t, "%.*s() runs a shell command", (int)t->len, t->s);
		else if (one_of(t, env))
			find(sc, "r.environment", t, "%.*s() changes the environment", (int)t->len,
			     t->s);
		else if (one_of(t, net))
			find(sc, "r.network", t, "%.*s() opens a network connection", (int)t->len,
			     t->s);
		else if (one_of(t, nat))
			find(sc, "r.native", t, "%.*s() calls compiled code", (int)t->len, t->s);
		else if (tok_ident(t, "eval") && one_of(T(sc, i, 2), code) &&
			 tok_punct(T(sc, i, 3), "("))
			find(sc, "r.dynamic_code", t, "eval(%.*s(...)) runs a string as code",
			     (int)T(sc, i, 2)->len, T(sc, i, 2)->s);
	}
}

/* ---- Java ------------------------------------------------------------- */

/* Whether tokens from i spell the dotted name (e.g. "java.net"). */
static bool dotted_at(const struct scan *sc, size_t i, const char *name)
{
	const char *p = name;
	for (long k = 0;; k += 2) {
		const char *dotp = strchr(p, '.');
		size_t n = dotp ? (size_t)(dotp - p) : strlen(p);
		const struct tok *t = T(sc, i, k);
		if (!t || t->type != T_IDENT || t->len != n || memcmp(t->s, p, n))
			return false;
		if (!dotp)
			return true;
		if (!tok_punct(T(sc, i, k + 1), "."))
			return false;
		p = dotp + 1;
	}
}

static void scan_java(struct scan *sc)
{
	static const char *const net[] = {"Socket",	"ServerSocket",	 "DatagramSocket",
					  "HttpClient", "URLConnection", "HttpURLConnection",
					  NULL};
	for (size_t i = 0; i < sc->t->n; i++) {
		const struct tok *t = &sc->t->v[i], *next = T(sc, i, 1);
		if (t->type != T_IDENT)
			continue;
		bool dot = after_dot(sc, i);
		if (!dot && dotted_at(sc, i, "java.net"))
			find(sc, "java.network", t, "uses java.net (network access)");
		else if (!dot && (dotted_at(sc, i, "java.lang.reflect") ||
				  dotted_at(sc, i, "java.lang.invoke")))
			find(sc, "java.reflection", t, "uses reflection");
		else if (!dot &&
			 (dotted_at(sc, i, "sun.misc.Unsafe") || dotted_at(sc, i, "jdk.internal")))
			find(sc, "java.native", t, "uses JDK internals");
		else if (tok_eq(t, "ProcessBuilder") && !dot)
			find(sc, "java.process", t, "ProcessBuilder starts a process");
		else if (tok_eq(t, "exec") && dot && tok_punct(next, "("))
			find(sc, "java.process", t, "exec() starts a process");
		else if (one_of(t, net) && !dot &&
			 (tok_ident(T(sc, i, -1), "new") || tok_punct(next, ".")))
			find(sc, "java.network", t, "%.*s opens a network connection", (int)t->len,
			     t->s);
		else if (tok_eq(t, "setAccessible") && dot && tok_punct(next, "("))
			find(sc, "java.reflection", t, "setAccessible() bypasses access checks");
		else if (tok_eq(t, "forName") && dot && tok_ident(T(sc, i, -2), "Class"))
			find(sc, "java.reflection", t, "Class.forName() loads classes by name");
		else if (tok_eq(t, "MethodHandles") && !dot)
			find(sc, "java.reflection", t, "MethodHandles gives reflective access");
		else if (tok_eq(t, "System") && !dot && tok_punct(next, ".") &&
			 (tok_ident(T(sc, i, 2), "load") || tok_ident(T(sc, i, 2), "loadLibrary")))
			find(sc, "java.native", t, "System.%.*s() loads native code",
			     (int)T(sc, i, 2)->len, T(sc, i, 2)->s);
		else if (tok_eq(t, "Unsafe") && !dot)
			find(sc, "java.native", t, "Unsafe gives raw memory access");
		else if (tok_eq(t, "System") && !dot && tok_punct(next, ".") &&
			 tok_ident(T(sc, i, 2), "exit"))
			find(sc, "java.exit", t, "System.exit() ends the program");
		else if (tok_eq(t, "halt") && dot && tok_punct(next, "("))
			find(sc, "java.exit", t, "halt() ends the program");
	}
}

/* ---- scan API ----------------------------------------------------------- */

void policy_scan(const struct lang *lang, const char *code, size_t len, const struct config *cfg,
		 struct policy_report *rep)
{
	memset(rep, 0, sizeof(*rep));
	struct toks toks;
	tokenize(lang, code, len, &toks);
	struct scan sc = {cfg, rep, &toks, {0}};
	switch (lang->id) {
	case LANG_PYTHON: scan_python(&sc); break;
	case LANG_R: scan_r(&sc); break;
	case LANG_JAVA: scan_java(&sc); break;
	default: scan_js(&sc); break;
	}
	free(toks.v);
	/* risk = 1 - prod(1 - weight) over the rules found: one risky pattern
	 * is not certainty, each more kind of pattern raises it, repeats of
	 * one kind do not. Rounded to two decimals for a stable record. */
	double keep = 1.0;
	for (size_t i = 0; i < NRULES; i++)
		if (sc.seen[i])
			keep *= 1.0 - rules[i].weight;
	rep->risk = round((1.0 - keep) * 100.0) / 100.0;
}

void policy_report_release(struct policy_report *rep)
{
	for (size_t i = 0; i < rep->n; i++)
		free(rep->findings[i].message);
	free(rep->findings);
	memset(rep, 0, sizeof(*rep));
}

json_t *policy_findings_json(const struct policy_report *rep)
{
	json_t *a = json_array();
	for (size_t i = 0; i < rep->n; i++) {
		const struct policy_finding *f = &rep->findings[i];
		/* The message quotes the code, and is cut at 256 bytes, maybe
		 * inside a UTF-8 sequence: json_pack would refuse it and the
		 * finding would vanish from the record. */
		json_array_append_new(
		    a,
		    json_pack("{s:s, s:s, s:i, s:i, s:o}", "rule", f->rule->id, "severity",
			      policy_level_name(f->severity), "line", f->line, "column", f->column,
			      "message", json_string_utf8_lossy(f->message, strlen(f->message))));
	}
	return a;
}

int policy_check_request(const struct request *req, const struct config *cfg, struct outcome *out)
{
	if (!req->lang || !req->code)
		return 0;
	struct policy_report rep;
	policy_scan(req->lang, req->code, req->code_len, cfg, &rep);
	if (rep.n == 0 && !rep.blocked) {
		policy_report_release(&rep);
		return 0;
	}
	if (!out->extra)
		out->extra = json_object();
	json_object_set_new(out->extra, "findings", policy_findings_json(&rep));
	json_object_set_new(out->extra, "risk", json_real(rep.risk));
	int blocked = 0;
	if (rep.blocked) {
		const struct policy_finding *f = NULL;
		for (size_t i = 0; i < rep.n && !f; i++)
			if (rep.findings[i].severity == POLICY_BLOCK)
				f = &rep.findings[i];
		if (f) {
			outcome_fail(
			    out, STATUS_BLOCKED, "PolicyError",
			    "blocked by policy rule %s: %s (to allow it, set 'policy: {%s: "
			    "warn}' in the config file)",
			    f->rule->id, f->message, f->rule->id);
			/* The location is in error.line and error.column, and the
			 * text summary prints it once from there. */
			json_object_set_new(out->error, "line", json_integer(f->line));
			json_object_set_new(out->error, "column", json_integer(f->column));
		} else {
			outcome_fail(out, STATUS_BLOCKED, "PolicyError", "blocked by policy");
		}
		blocked = 1;
	}
	policy_report_release(&rep);
	return blocked;
}

/* ---- dependencies ------------------------------------------------------- */

static void add_dep(struct policy_deps *d, const char *name, size_t n, int line, int available)
{
	/* A NUL inside is no module name, and would cut the copy short (an
	 * empty or repeated name in the list). */
	if (n == 0 || n > 200 || memchr(name, '\0', n) || d->n >= POLICY_MAX_DEPS)
		return;
	for (size_t i = 0; i < d->n; i++)
		if (strlen(d->deps[i].name) == n && !memcmp(d->deps[i].name, name, n))
			return;
	if (d->n == d->alloc) {
		d->alloc = d->alloc ? d->alloc * 2 : 8;
		d->deps = xrealloc(d->deps, d->alloc * sizeof(*d->deps));
	}
	d->deps[d->n++] = (struct policy_dep){xstrndup(name, n), line, available};
}

/* Whether a Java import comes with the JDK. javax.* mostly does; the Java
 * EE names that moved out of the JDK (servlet, persistence, ...) do not. */
static int java_available(const char *name)
{
	static const char *const jdk[] = {"java.",    "javax.",	   "jdk.", "org.w3c.",
					  "org.xml.", "org.ietf.", NULL};
	static const char *const ee[] = {"javax.servlet",
					 "javax.persistence",
					 "javax.inject",
					 "javax.ws.",
					 "javax.ejb",
					 "javax.faces",
					 "javax.validation",
					 "javax.annotation.processing.Generated",
					 NULL};
	for (size_t i = 0; ee[i]; i++)
		if (!strncmp(name, ee[i], strlen(ee[i])))
			return strcmp(ee[i], "javax.annotation.processing.Generated") ? 0 : 1;
	for (size_t i = 0; jdk[i]; i++)
		if (!strncmp(name, jdk[i], strlen(jdk[i])))
			return 1;
	return 0;
}

void policy_dependencies(const struct lang *lang, const char *code, size_t len,
			 struct policy_deps *d)
{
	memset(d, 0, sizeof(*d));
	struct toks toks;
	tokenize(lang, code, len, &toks);
	struct scan sc = {NULL, NULL, &toks, {0}};
	for (size_t i = 0; i < toks.n; i++) {
		const struct tok *t = &toks.v[i], *next = T(&sc, i, 1);
		if (t->type != T_IDENT || after_dot(&sc, i))
			continue;
		switch (lang->id) {
		case LANG_JAVASCRIPT:
		case LANG_TYPESCRIPT:
			/* require("x"), import("x"), import ... from "x", import "x",
			 * export ... from "x" */
			if ((tok_eq(t, "require") || tok_eq(t, "import")) && tok_punct(next, "(") &&
			    tok_string(T(&sc, i, 2)))
				add_dep(d, T(&sc, i, 2)->s, T(&sc, i, 2)->len, t->line, 0);
			else if (tok_eq(t, "import") && tok_string(next))
				add_dep(d, next->s, next->len, t->line, 0);
			else if (tok_eq(t, "from") && tok_string(next) && i > 0)
				add_dep(d, next->s, next->len, t->line, 0);
			break;
		case LANG_PYTHON:
			if (tok_eq(t, "import")) {
				/* the first name of each item: import a.b as c, d */
				bool want = true;
				for (size_t j = i + 1; j < toks.n; j++) {
					const struct tok *u = &toks.v[j];
					if (want && u->type == T_IDENT)
						add_dep(d, u->s, u->len, u->line, -1);
					want = tok_punct(u, ",");
					const struct tok *w = T(&sc, j, 1);
					if (!(tok_punct(w, ",") || tok_punct(w, ".") ||
					      tok_ident(w, "as") || tok_punct(u, ",") ||
					      tok_punct(u, ".") || tok_ident(u, "as")))
						break;
				}
				/* "from x import y": the import after from was handled there */
			} else if (tok_eq(t, "from") && next && next->type == T_IDENT) {
				add_dep(d, next->s, next->len, t->line, -1);
				/* skip "from x import ...": its names are not modules */
				while (i + 1 < toks.n && !tok_ident(&toks.v[i + 1], "import"))
					i++;
				i++;
			} else if ((tok_eq(t, "__import__") || tok_eq(t, "import_module")) &&
				   tok_punct(next, "(") && tok_string(T(&sc, i, 2))) {
				const struct tok *s = T(&sc, i, 2);
				const char *dotp = memchr(s->s, '.', s->len);
				add_dep(d, s->s, dotp ? (size_t)(dotp - s->s) : s->len, t->line,
					-1);
			}
			break;
		case LANG_R:
			if ((tok_eq(t, "library") || tok_eq(t, "require") ||
			     tok_eq(t, "requireNamespace") || tok_eq(t, "loadNamespace")) &&
			    tok_punct(next, "(")) {
				const struct tok *a = T(&sc, i, 2);
				if (a && (a->type == T_IDENT || a->type == T_STRING) &&
				    (tok_punct(T(&sc, i, 3), ")") || tok_punct(T(&sc, i, 3), ",")))
					add_dep(d, a->s, a->len, t->line, -1);
			} else if (tok_punct(next, "::") || tok_punct(next, ":::")) {
				add_dep(d, t->s, t->len, t->line, -1);
			}
			break;
		case LANG_JAVA:
			if (tok_eq(t, "import")) {
				size_t j = i + 1;
				if (tok_ident(T(&sc, j, 0), "static"))
					j++;
				struct buf b = BUF_INIT;
				for (; j < toks.n && !tok_punct(&toks.v[j], ";"); j++)
					buf_append(&b, toks.v[j].s, toks.v[j].len);
				if (b.len)
					add_dep(d, buf_cstr(&b), b.len, t->line,
						java_available(buf_cstr(&b)));
				buf_release(&b);
				i = j;
			}
			break;
		default: break;
		}
	}
	free(toks.v);
}

void policy_deps_release(struct policy_deps *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->deps[i].name);
	free(d->deps);
	memset(d, 0, sizeof(*d));
}

json_t *policy_deps_json(const struct policy_deps *d)
{
	json_t *a = json_array();
	for (size_t i = 0; i < d->n; i++) {
		const struct policy_dep *p = &d->deps[i];
		/* Names come from the code, which need not be UTF-8. */
		json_array_append_new(
		    a, json_pack("{s:o, s:i, s:o}", "name",
				 json_string_utf8_lossy(p->name, strlen(p->name)), "line", p->line,
				 "available",
				 p->available < 0 ? json_null() : json_boolean(p->available)));
	}
	return a;
}

/* ---- prepare ------------------------------------------------------------ */

/* js_scan (src/js/tokenize.h) decides what is lowered; weak, so that the
 * policy unit tests link without the engine. */
#pragma weak js_scan

/* The checker programs. Each is ordinary code of its language, run by
 * execute() like any user code (sandbox, limits); the user's code reaches it
 * as inputs.code and is only parsed. They stay clear of the policy rules so
 * a strict config cannot block them. */
/* find_spec on a top-level name locates the module without importing it
 * (no module code runs). */
static const char checker_python[] =
    "import importlib.util as _sbx_util\n"
    "def _sbx_check(src, mods):\n"
    "    out = {'syntax': None, 'available': {}}\n"
    "    try:\n"
    "        compile(src, 'main.py', 'exec', dont_inherit=True)\n"
    "    except SyntaxError as e:\n"
    "        out['syntax'] = {'name': type(e).__name__, 'message': str(e.msg),\n"
    "                         'line': e.lineno, 'column': e.offset}\n"
    "    except ValueError as e:\n"
    "        out['syntax'] = {'name': 'ValueError', 'message': str(e),\n"
    "                         'line': None, 'column': None}\n"
    "    for m in mods:\n"
    "        try:\n"
    "            out['available'][m] = _sbx_util.find_spec(m) is not None\n"
    "        except Exception:\n"
    "            out['available'][m] = False\n"
    "    return out\n"
    "_sbx_check(inputs['code'], inputs['modules'])\n";

static const char checker_r[] =
    "local({\n"
    "  pkgs <- as.character(unlist(inputs$modules))\n"
    "  err <- tryCatch({ parse(text = inputs$code, keep.source = FALSE); NULL },\n"
    "                  error = function(e) conditionMessage(e))\n"
    "  avail <- lapply(pkgs, function(p) nzchar(system.file(package = p)))\n"
    "  names(avail) <- pkgs\n"
    "  list(syntax = err, available = avail)\n"
    "})\n";

/* Runs a checker program for req's language; returns its outcome. */
static void run_checker(const struct request *req, const char *prog, json_t *inputs,
			struct outcome *out)
{
	struct request c;
	request_init(&c);
	c.lang = req->lang;
	request_set_code(&c, xstrdup(prog), strlen(prog), "[sbx prepare]");
	json_decref(c.inputs);
	c.inputs = inputs;
	c.limits = req->limits;
	c.format = FORMAT_JSON; /* the renderer then prints nothing */
	c.no_history = true;
	c.state_dir = req->state_dir ? xstrdup(req->state_dir) : NULL;
	outcome_init(out, &c);
	if (request_finish(&c) != 0) {
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError", "bad checker request");
	} else {
		struct render *r = render_new(&c);
		execute(&c, out, r);
		render_free(r);
	}
	request_release(&c);
}

static json_t *syntax_json(bool checked, json_t *ok, const char *checker, json_t *err,
			   const char *note)
{
	return json_pack("{s:b, s:o, s:s, s:o, s:s?}", "checked", checked, "ok", ok, "checker",
			 checker, "error", err ? err : json_null(), "note", note);
}

/* A failed checker run (interpreter missing, limit hit): not checked. */
static json_t *syntax_unchecked(const char *checker, const struct outcome *o)
{
	const char *msg = o->error ? json_string_value(json_object_get(o->error, "message")) : NULL;
	struct buf b = BUF_INIT;
	buf_printf(&b, "not checked: the checker ended with status %s%s%s", status_name(o->status),
		   msg ? ": " : "", msg ? msg : "");
	json_t *j = syntax_json(false, json_null(), checker, NULL, buf_cstr(&b));
	buf_release(&b);
	return j;
}

static json_t *modules_json(const struct policy_deps *d)
{
	json_t *a = json_array();
	for (size_t i = 0; i < d->n; i++)
		json_array_append_new(a, json_string(d->deps[i].name));
	return a;
}

static void mark_available(struct policy_deps *d, json_t *avail)
{
	if (!json_is_object(avail))
		return;
	for (size_t i = 0; i < d->n; i++) {
		json_t *v = json_object_get(avail, d->deps[i].name);
		/* R may give a one-element list for a scalar */
		if (json_is_array(v) && json_array_size(v) == 1)
			v = json_array_get(v, 0);
		if (json_is_boolean(v))
			d->deps[i].available = json_is_true(v);
	}
}

/* "<text>:2:3: unexpected symbol" → line 2, column 3. */
static json_t *r_parse_error(const char *msg)
{
	int line = 0, col = 0;
	const char *p = strstr(msg, "<text>:");
	if (p && sscanf(p, "<text>:%d:%d:", &line, &col) == 2)
		return json_pack("{s:s, s:s, s:i, s:i}", "name", "SyntaxError", "message", msg,
				 "line", line, "column", col);
	return json_pack("{s:s, s:s, s:n, s:n}", "name", "SyntaxError", "message", msg, "line",
			 "column");
}

static json_t *check_interpreted(const struct request *req, struct policy_deps *deps)
{
	bool py = req->lang->id == LANG_PYTHON;
	const char *checker = py ? "python3 compile()" : "R parse()";
	struct outcome o;
	run_checker(req, py ? checker_python : checker_r,
		    json_pack("{s:s%, s:o}", "code", req->code, req->code_len, "modules",
			      modules_json(deps)),
		    &o);
	json_t *res = o.status == STATUS_OK ? o.result : NULL;
	json_t *syn;
	if (!json_is_object(res)) {
		syn = syntax_unchecked(checker, &o);
	} else {
		mark_available(deps, json_object_get(res, "available"));
		json_t *e = json_object_get(res, "syntax");
		if (json_is_array(e) && json_array_size(e) == 1) /* R: a length-1 vector */
			e = json_array_get(e, 0);
		if (json_is_object(e))
			syn = syntax_json(true, json_false(), checker, json_incref(e), NULL);
		else if (json_is_string(e))
			syn = syntax_json(true, json_false(), checker,
					  r_parse_error(json_string_value(e)), NULL);
		else
			syn = syntax_json(true, json_true(), checker, NULL, NULL);
	}
	outcome_release(&o);
	return syn;
}

/* JavaScript and TypeScript are lowered and compiled by Duktape, Java by
 * javac, in the sandbox and without running (engine_build): the same path
 * as the run itself, so what prepare accepts is what runs. */
static json_t *check_built(const struct request *req, const char *checker)
{
	struct outcome o;
	struct request *mreq = (struct request *)req; /* the build does not change it */
	outcome_init(&o, req);
	engine_build(mreq, &o);
	json_t *syn;
	if (o.status == STATUS_OK)
		syn = syntax_json(true, json_true(), checker, NULL, NULL);
	else if (o.status == STATUS_ERROR && o.error)
		syn = syntax_json(true, json_false(), checker, json_incref(o.error), NULL);
	else
		syn = syntax_unchecked(checker, &o);
	outcome_release(&o);
	return syn;
}

static json_t *transforms_json(const struct request *req)
{
	json_t *a = json_array();
	switch (req->lang->id) {
	case LANG_TYPESCRIPT:
		json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s}", "kind", "lower", "from",
						   "typescript", "to", "es5", "reason",
						   "types are removed and newer syntax lowered "
						   "for Duktape"));
		break;
	case LANG_JAVASCRIPT:
		if (js_scan) {
			struct js_scan s;
			js_scan(req->code, req->code_len, &s);
			if (s.feature) {
				json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s, s:i}",
								   "kind", "lower", "from",
								   "es2015+", "to", "es5", "reason",
								   s.feature, "line", (int)s.line));
			}
		}
		break;
	case LANG_JAVA:
		json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s}", "kind", "compile",
						   "from", "java", "to", "class files", "reason",
						   "javac compiles the program before it runs"));
		break;
	default: break;
	}
	return a;
}

json_t *policy_prepare(const struct request *req, const struct config *cfg, int *verdict)
{
	struct policy_report rep;
	struct policy_deps deps;
	policy_scan(req->lang, req->code, req->code_len, cfg, &rep);
	policy_dependencies(req->lang, req->code, req->code_len, &deps);
	json_t *transforms = transforms_json(req);
	json_t *syntax;
	switch (req->lang->id) {
	case LANG_PYTHON:
	case LANG_R: syntax = check_interpreted(req, &deps); break;
	case LANG_JAVA: syntax = check_built(req, "javac"); break;
	default: syntax = check_built(req, "duktape"); break;
	}
	bool syntax_bad = json_is_false(json_object_get(syntax, "ok"));
	const char *status = syntax_bad ? "syntax_error" : rep.blocked ? "blocked" : "ok";
	*verdict = syntax_bad || rep.blocked ? 1 : 0;
	json_t *j =
	    json_pack("{s:s, s:b, s:s, s:s, s:o, s:o, s:f, s:o, s:o}", "status", status, "runnable",
		      !*verdict, "language", req->lang->name, "code_sha256", req->code_sha256,
		      "syntax", syntax, "findings", policy_findings_json(&rep), "risk", rep.risk,
		      "dependencies", policy_deps_json(&deps), "transforms", transforms);
	policy_report_release(&rep);
	policy_deps_release(&deps);
	return j;
}
