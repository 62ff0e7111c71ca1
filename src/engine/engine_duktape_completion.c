/* engine_duktape_completion — whether a program's completion value is its
 * result: a light scanner for the first token of the last top-level
 * statement. Pure byte work: calls libc only. */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#include "engine/engine_duktape_int.h"

/* ---- does the program end with an expression statement? ----
 *
 * The SPEC's result is the value of the final top-level statement only when
 * that statement is an expression statement (as in a notebook cell), but an
 * ES5 program's completion value survives later declarations and loops:
 * `1; var x = 2` completes with 1. A light scanner finds the first token of
 * the last top-level statement: statements end at a depth-0 `;`, at a `}`
 * back to depth 0 that is followed by a new line or token, and at a newline
 * where automatic semicolon insertion applies (the previous token can end a
 * statement and the next cannot continue it). Strings, comments, template
 * literals and regular expressions are skipped. */

static bool ident_char(unsigned char c)
{
	return c == '_' || c == '$' || c >= 0x80 || (c >= '0' && c <= '9') ||
	       ((c | 32) >= 'a' && (c | 32) <= 'z');
}

static bool word_in(const char *w, size_t n, const char *const *list)
{
	for (; *list; list++) {
		if (strlen(*list) == n && memcmp(*list, w, n) == 0)
			return true;
	}
	return false;
}

/* Words after which a `/` starts a regular expression. */
static const char *const regex_after_words[] = {"return", "typeof", "instanceof", "in",	   "of",
						"new",	  "delete", "void",	  "throw", "case",
						"do",	  "else",   NULL};
/* First words of statements that are not expression statements. */
static const char *const stmt_words[] = {"var",	   "let",    "const",	 "function", "class",
					 "if",	   "for",    "while",	 "do",	     "switch",
					 "try",	   "throw",  "return",	 "break",    "continue",
					 "import", "export", "debugger", "with",     NULL};

struct tok {
	size_t start, len;
	char kind; /* 'w' word/number, 's' string/template/regex, 'p' punctuator */
};

/* Scans the next token from *i; false at the end. Sets *newline if a line
 * break came before it. */
static bool next_tok(const char *s, size_t n, size_t *i, const struct tok *prev, struct tok *t,
		     bool *newline)
{
	*newline = false;
	while (*i < n) {
		unsigned char c = (unsigned char)s[*i];
		if (c == '\n') {
			*newline = true;
			(*i)++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			(*i)++;
		} else if (c == '/' && *i + 1 < n && s[*i + 1] == '/') {
			while (*i < n && s[*i] != '\n')
				(*i)++;
		} else if (c == '/' && *i + 1 < n && s[*i + 1] == '*') {
			*i += 2;
			while (*i + 1 < n && !(s[*i] == '*' && s[*i + 1] == '/')) {
				if (s[*i] == '\n')
					*newline = true;
				(*i)++;
			}
			*i += 2;
		} else {
			break;
		}
	}
	if (*i >= n)
		return false;
	t->start = *i;
	unsigned char c = (unsigned char)s[*i];
	bool regex_ok; /* a `/` here starts a regular expression, not a division */
	if (!prev)
		regex_ok = true;
	else if (prev->kind == 'p')
		regex_ok = prev->len == 1 && s[prev->start] != ')' && s[prev->start] != ']';
	else
		regex_ok =
		    prev->kind == 'w' && word_in(s + prev->start, prev->len, regex_after_words);
	if (ident_char(c)) {
		t->kind = 'w';
		while (*i < n && (ident_char((unsigned char)s[*i]) ||
				  (s[*i] == '.' && isdigit((unsigned char)s[t->start]))))
			(*i)++;
	} else if (c == '"' || c == '\'' || c == '`' || (c == '/' && regex_ok)) {
		bool cls = false;
		t->kind = 's';
		for ((*i)++; *i < n; (*i)++) {
			if (s[*i] == '\\') {
				(*i)++;
			} else if (c == '/' && s[*i] == '[') {
				cls = true;
			} else if (c == '/' && s[*i] == ']') {
				cls = false;
			} else if (s[*i] == (char)c && !cls) {
				(*i)++;
				break;
			} else if (s[*i] == '\n' && c != '`') {
				break;
			}
		}
		if (c == '/')
			while (*i < n && ident_char((unsigned char)s[*i]))
				(*i)++; /* flags */
	} else {
		t->kind = 'p';
		(*i)++;
		/* ++ and -- matter for ASI; other multi-char operators do not. */
		if ((c == '+' || c == '-') && *i < n && s[*i] == (char)c)
			(*i)++;
	}
	t->len = *i - t->start;
	return true;
}

static bool can_end_stmt(const char *s, const struct tok *t)
{
	char c = s[t->start];
	if (t->kind != 'p')
		return t->kind == 's' || !word_in(s + t->start, t->len, regex_after_words);
	return c == ')' || c == ']' || c == '}' || (t->len == 2 && (c == '+' || c == '-'));
}

static bool continues_expr(const char *s, const struct tok *t)
{
	static const char ops[] = ".([,?:=+-*/%<>&|^!~";
	if (t->kind == 'w')
		return word_in(s + t->start, t->len,
			       (const char *const[]){"in", "instanceof", "of", NULL});
	if (t->kind == 'p' && t->len == 2)
		return false; /* ++x on a new line starts a statement */
	return t->kind == 'p' && strchr(ops, s[t->start]) != NULL;
}

bool engine_duktape_ends_with_expression(const char *s, size_t n)
{
	struct tok prev = {0}, t, first = {0};
	bool have_prev = false, newline, have_first = false, start_next = true;
	/* the statement is a function or class declaration: the `}` that
	 * closes it ends it, whatever follows (`class A {}\n[1]` is two) */
	bool decl = false;
	int depth = 0;
	size_t i = 0;

	while (next_tok(s, n, &i, have_prev ? &prev : NULL, &t, &newline)) {
		char c = s[t.start];
		if (depth == 0 && have_prev && newline && can_end_stmt(s, &prev) &&
		    !continues_expr(s, &t))
			start_next = true;
		if (depth == 0 && start_next) {
			first = t;
			have_first = true;
			start_next = false;
			decl = t.kind == 'w' &&
			       word_in(s + t.start, t.len,
				       (const char *const[]){"function", "class", "async", NULL});
			if (decl && s[t.start] == 'a') { /* async function, not async () => */
				size_t j = i;
				struct tok nt;
				bool nl;
				decl = next_tok(s, n, &j, &t, &nt, &nl) && nt.kind == 'w' &&
				       nt.len == 8 && !memcmp(s + nt.start, "function", 8);
			}
		}
		if (t.kind == 'p' && (c == '(' || c == '[' || c == '{'))
			depth++;
		else if (t.kind == 'p' && (c == ')' || c == ']' || c == '}') && depth > 0)
			depth--;
		if (depth == 0 && t.kind == 'p' && c == ';')
			start_next = true;
		/* `if (a) { } b` — a block ends its statement unless an operator
		 * or `else`/`catch`/`finally`/`while` follows; checked lazily
		 * by treating the next token as a possible start. */
		if (depth == 0 && t.kind == 'p' && c == '}' && decl) {
			start_next = true;
		} else if (depth == 0 && t.kind == 'p' && c == '}') {
			size_t j = i;
			struct tok nt;
			bool nl;
			if (next_tok(s, n, &j, &t, &nt, &nl) && !continues_expr(s, &nt) &&
			    !(nt.kind == 'w' &&
			      word_in(s + nt.start, nt.len,
				      (const char *const[]){"else", "catch", "finally", "while",
							    NULL})))
				start_next = true;
		}
		prev = t;
		have_prev = true;
	}
	if (!have_first)
		return false; /* no statement at all */
	if (first.kind == 'p')
		return s[first.start] != '{' && s[first.start] != ';';
	if (first.kind == 'w' && word_in(s + first.start, first.len, stmt_words))
		return false;
	/* `label: for (...)` is a labelled statement. */
	if (first.kind == 'w') {
		size_t j = first.start + first.len;
		struct tok nt;
		bool nl;
		if (next_tok(s, n, &j, &first, &nt, &nl) && nt.kind == 'p' && s[nt.start] == ':')
			return false;
	}
	return true;
}
