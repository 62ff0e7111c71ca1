/* policy_r — R for the policy: its tokenizer (raw strings, `names`, %op%)
 * and the r.* rules. Calls libc and the shared policy tokenizer steps only.
 */
#include "policy/policy_int.h"

#include <ctype.h>
#include <string.h>

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
				policy_tok_emit(lx, T_STRING, s, (size_t)(lx->p - s), line, col);
				lx_advn(lx, k + 1);
				return true;
			}
		}
		lx_adv(lx);
	}
	policy_tok_emit(lx, T_STRING, s, (size_t)(lx->p - s), line, col);
	return true;
}

static const char *const r_puncts[] = {
    ":::", "<<-", "->>", "::", "<-", "->", "<=", ">=", "==", "!=", "&&", "||", "|>", NULL};

void policy_lex_r(const char *code, size_t len, struct toks *out)
{
	struct lexer lx = {code, code + len, 1, 1, out};
	while (lx.p < lx.end) {
		int c = (unsigned char)*lx.p;
		if (isspace(c)) {
			lx_adv(&lx);
		} else if (c == '#') {
			policy_lex_skip_line(&lx);
		} else if ((c == 'r' || c == 'R') &&
			   (lx_peek(&lx, 1) == '"' || lx_peek(&lx, 1) == '\'')) {
			int line = lx.line, col = lx.col;
			lx_adv(&lx);
			if (!r_lex_raw(&lx, line, col))
				policy_lex_quoted(&lx, *lx.p);
		} else if (isalpha(c) || c >= 0x80 ||
			   (c == '.' && !(lx_peek(&lx, 1) >= '0' && lx_peek(&lx, 1) <= '9'))) {
			policy_lex_ident(&lx, r_ident_char);
		} else if (isdigit(c) || c == '.') {
			policy_lex_number(&lx);
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
			policy_tok_emit(&lx, T_STRING, s, (size_t)(lx.p - s), line, col);
			lx_adv(&lx);
		} else if (c == '`') {
			/* `name` is an identifier: `system`("ls") calls system. */
			int line = lx.line, col = lx.col;
			lx_adv(&lx);
			const char *s = lx.p;
			while (lx.p < lx.end && *lx.p != '`' && *lx.p != '\n')
				lx_adv(&lx);
			policy_tok_emit(&lx, T_IDENT, s, (size_t)(lx.p - s), line, col);
			lx_adv(&lx);
		} else if (c == '%') {
			/* %op% operators, e.g. %in%, %>% */
			int line = lx.line, col = lx.col;
			const char *s = lx.p;
			lx_adv(&lx);
			while (lx.p < lx.end && *lx.p != '%' && *lx.p != '\n')
				lx_adv(&lx);
			lx_adv(&lx);
			policy_tok_emit(&lx, T_PUNCT, s, (size_t)(lx.p - s), line, col);
		} else {
			policy_lex_punct(&lx, r_puncts);
		}
	}
}

/* ---- rules ---------------------------------------------------------- */

void policy_scan_r(struct scan *sc)
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
			policy_find(sc, "r.system", t, "%.*s() runs a shell command", (int)t->len,
				    t->s);
		else if (one_of(t, env))
			policy_find(sc, "r.environment", t, "%.*s() changes the environment",
				    (int)t->len, t->s);
		else if (one_of(t, net))
			policy_find(sc, "r.network", t, "%.*s() opens a network connection",
				    (int)t->len, t->s);
		else if (one_of(t, nat))
			policy_find(sc, "r.native", t, "%.*s() calls compiled code", (int)t->len,
				    t->s);
		else if (tok_ident(t, "eval") && one_of(T(sc, i, 2), code) &&
			 tok_punct(T(sc, i, 3), "("))
			policy_find(sc, "r.dynamic_code", t,
				    "eval(%.*s(...)) runs a string as code", (int)T(sc, i, 2)->len,
				    T(sc, i, 2)->s);
	}
}

static void deps_r(const struct scan *sc, size_t *ip, struct policy_deps *d)
{
	size_t i = *ip;
	const struct toks *toks = sc->t;
	const struct tok *t = &toks->v[i], *next = T(sc, i, 1);
	if ((tok_eq(t, "library") || tok_eq(t, "require") || tok_eq(t, "requireNamespace") ||
	     tok_eq(t, "loadNamespace")) &&
	    tok_punct(next, "(")) {
		const struct tok *a = T(sc, i, 2);
		if (a && (a->type == T_IDENT || a->type == T_STRING) &&
		    (tok_punct(T(sc, i, 3), ")") || tok_punct(T(sc, i, 3), ",")))
			policy_dep_add(d, a->s, a->len, t->line, -1);
	} else if (tok_punct(next, "::") || tok_punct(next, ":::")) {
		policy_dep_add(d, t->s, t->len, t->line, -1);
	}
	*ip = i;
}

const struct policy_lang policy_lang_r = {policy_lex_r, policy_scan_r, deps_r};
