/* policy_python — Python for the policy: its tokenizer (prefixed and
 * triple-quoted strings) and the py.* rules. Calls libc and the shared policy
 * tokenizer steps only.
 */
#include "policy/policy_int.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

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
	policy_tok_emit(lx, T_STRING, s, (size_t)(e - s), line, col);
	if (lx->p < lx->end && *lx->p == q)
		lx_advn(lx, triple ? 3 : 1);
}

static const char *const py_puncts[] = {
    "**=", "//=", ">>=", "<<=", "...", "**", "//", "==", "!=", "<=", ">=", "->",
    ":=",  "+=",  "-=",	 "*=",	"/=",  "%=", "&=", "|=", "^=", "<<", ">>", NULL};

void policy_lex_python(const char *code, size_t len, struct toks *out)
{
	struct lexer lx = {code, code + len, 1, 1, out};
	while (lx.p < lx.end) {
		int c = (unsigned char)*lx.p;
		if (isspace(c) || c == '\\') {
			lx_adv(&lx);
		} else if (c == '#') {
			policy_lex_skip_line(&lx);
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
				policy_tok_emit(&lx, T_IDENT, s, n, line, col);
		} else if (isdigit(c) ||
			   (c == '.' && lx_peek(&lx, 1) >= '0' && lx_peek(&lx, 1) <= '9')) {
			policy_lex_number(&lx);
		} else if (c == '\'' || c == '"') {
			py_lex_string(&lx, lx.line, lx.col);
		} else {
			policy_lex_punct(&lx, py_puncts);
		}
	}
}

/* ---- rules ---------------------------------------------------------- */

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
		policy_find(sc, rule, t, "imports %.*s", (int)t->len, t->s);
}

void policy_scan_python(struct scan *sc)
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
						policy_find(sc, "py.subprocess", u,
							    "imports os.%.*s", (int)u->len, u->s);
					const struct tok *w = T(sc, j, 1);
					if (!(tok_punct(w, ",") || tok_punct(w, "(") ||
					      tok_ident(w, "as") || tok_punct(u, ",") ||
					      tok_punct(u, "(") || tok_ident(u, "as")))
						break;
				}
		} else if (tok_eq(t, "os") && !dot && tok_punct(next, ".") &&
			   py_os_process_call(T(sc, i, 2))) {
			policy_find(sc, "py.subprocess", t, "os.%.*s starts a process",
				    (int)T(sc, i, 2)->len, T(sc, i, 2)->s);
		} else if ((tok_eq(t, "eval") || tok_eq(t, "exec") || tok_eq(t, "__import__")) &&
			   tok_punct(next, "(") && (!dot || tok_ident(T(sc, i, -2), "builtins"))) {
			policy_find(sc, "py.dynamic_code", t,
				    "%.*s() runs or loads code given as a string", (int)t->len,
				    t->s);
		} else if (tok_eq(t, "import_module") && dot && tok_punct(next, "(")) {
			policy_find(sc, "py.dynamic_code", t,
				    "import_module() loads a module by name");
		} else if (tok_eq(t, "open") && !dot && tok_punct(next, "(") &&
			   tok_string(T(sc, i, 2)) && T(sc, i, 2)->len > 0 &&
			   T(sc, i, 2)->s[0] == '/') {
			policy_find(
			    sc, "py.host_files", t,
			    "opens the absolute path %.*s; the sandbox only has its working "
			    "directory",
			    (int)T(sc, i, 2)->len, T(sc, i, 2)->s);
		}
	}
}

static void deps_python(const struct scan *sc, size_t *ip, struct policy_deps *d)
{
	size_t i = *ip;
	const struct toks *toks = sc->t;
	const struct tok *t = &toks->v[i], *next = T(sc, i, 1);
	if (tok_eq(t, "import")) {
		/* the first name of each item: import a.b as c, d */
		bool want = true;
		for (size_t j = i + 1; j < toks->n; j++) {
			const struct tok *u = &toks->v[j];
			if (want && u->type == T_IDENT)
				policy_dep_add(d, u->s, u->len, u->line, -1);
			want = tok_punct(u, ",");
			const struct tok *w = T(sc, j, 1);
			if (!(tok_punct(w, ",") || tok_punct(w, ".") || tok_ident(w, "as") ||
			      tok_punct(u, ",") || tok_punct(u, ".") || tok_ident(u, "as")))
				break;
		}
		/* "from x import y": the import after from was handled there */
	} else if (tok_eq(t, "from") && next && next->type == T_IDENT) {
		policy_dep_add(d, next->s, next->len, t->line, -1);
		/* skip "from x import ...": its names are not modules */
		while (i + 1 < toks->n && !tok_ident(&toks->v[i + 1], "import"))
			i++;
		i++;
	} else if ((tok_eq(t, "__import__") || tok_eq(t, "import_module")) &&
		   tok_punct(next, "(") && tok_string(T(sc, i, 2))) {
		const struct tok *s = T(sc, i, 2);
		const char *dotp = memchr(s->s, '.', s->len);
		policy_dep_add(d, s->s, dotp ? (size_t)(dotp - s->s) : s->len, t->line, -1);
	}
	*ip = i;
}

const struct policy_lang policy_lang_python = {policy_lex_python, policy_scan_python, deps_python};
