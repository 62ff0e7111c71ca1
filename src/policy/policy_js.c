/* policy_js — JavaScript and TypeScript for the policy: a tokenizer that
 * tells a regex literal from a division and template text from its ${}
 * expressions, and the js.* rules. Calls libc and the shared policy
 * tokenizer steps only.
 */
#include "policy/policy_int.h"

#include <ctype.h>
#include <string.h>

/* ---- JavaScript / TypeScript tokenizer ----------------------------- */

static bool is_ident_start(int c)
{
	return c == '_' || c == '$' || isalpha(c) || c >= 0x80;
}

static bool is_ident_char(int c)
{
	return is_ident_start(c) || isdigit(c);
}

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
	policy_tok_emit(lx, T_REGEX, s, (size_t)(lx->p - s), line, col);
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
	struct tok *t = policy_tok_emit(lx, T_TEMPLATE, s, (size_t)(lx->p - s), line, col);
	if (lx_at(lx, "${")) {
		lx_advn(lx, 2);
		t->opens_expr = true;
		return true;
	}
	lx_adv(lx); /* the closing backquote */
	return false;
}

#define JS_MAX_TEMPLATE_DEPTH 64

void policy_lex_js(const char *code, size_t len, struct toks *out)
{
	struct lexer lx = {code, code + len, 1, 1, out};
	/* Brace depth at each open "${", to know which '}' resumes the text. */
	int tstack[JS_MAX_TEMPLATE_DEPTH];
	int tdepth = 0, braces = 0;
	if (lx_at(&lx, "#!"))
		policy_lex_skip_line(&lx);
	while (lx.p < lx.end) {
		int c = (unsigned char)*lx.p;
		struct tok *prev = out->n ? &out->v[out->n - 1] : NULL;
		if (isspace(c)) {
			lx_adv(&lx);
		} else if (lx_at(&lx, "//")) {
			policy_lex_skip_line(&lx);
		} else if (lx_at(&lx, "/*")) {
			policy_lex_skip_block_comment(&lx);
		} else if (is_ident_start(c) || c == '\\') {
			policy_lex_ident(&lx, is_ident_char);
			if (lx.out->v[lx.out->n - 1].len == 0)
				lx_adv(&lx); /* a stray backslash */
		} else if (isdigit(c) ||
			   (c == '.' && lx_peek(&lx, 1) >= '0' && lx_peek(&lx, 1) <= '9')) {
			policy_lex_number(&lx);
		} else if (c == '\'' || c == '"') {
			policy_lex_quoted(&lx, (char)c);
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
			policy_lex_punct(&lx, js_puncts);
		}
	}
}

/* ---- rules ---------------------------------------------------------- */

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
 * (src/engine/js/nodelib/require.js): loading them is not module loading. */
static bool js_core_module(const struct tok *t)
{
	static const char *const core[] = {"assert", "assert/strict", "util", "events",
					   "path",   "path/posix",    "url",  NULL};
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

/* The module an import at i names: the string after `from`, or right
 * after `import` (import 'm'; import('m')); NULL when it is computed. */
static const struct tok *import_specifier(struct scan *sc, size_t i)
{
	const struct tok *n = T(sc, i, 1);
	if (tok_string(n))
		return n;
	if (tok_punct(n, "("))
		return tok_string(T(sc, i, 2)) && tok_punct(T(sc, i, 3), ")") ? T(sc, i, 2) : NULL;
	for (size_t j = i + 1; j < sc->t->n && j < i + 256; j++) {
		const struct tok *u = &sc->t->v[j];
		if (tok_punct(u, ";") || tok_ident(u, "import"))
			break;
		if (tok_ident(u, "from") && tok_string(T(sc, j, 1)))
			return T(sc, j, 1);
	}
	return NULL;
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

void policy_scan_js(struct scan *sc)
{
	for (size_t i = 0; i < sc->t->n; i++) {
		const struct tok *t = &sc->t->v[i], *next = T(sc, i, 1);
		bool dot = after_dot(sc, i);
		if (t->type == T_IDENT) {
			/* eval, (0, eval)(s), globalThis.eval(s); not {eval: 1} or o.eval = 1 */
			if (tok_eq(t, "eval") && !tok_punct(next, ":") &&
			    (!dot || tok_punct(next, "(")))
				policy_find(sc, "js.dynamic_code", t, "eval runs a string as code");
			else if (tok_eq(t, "Function") && !dot &&
				 (tok_punct(next, "(") || tok_ident(T(sc, i, -1), "new")))
				policy_find(sc, "js.dynamic_code", t,
					    "Function() builds a function from a string");
			else if ((tok_eq(t, "setTimeout") || tok_eq(t, "setInterval")) &&
				 tok_punct(next, "(") && tok_string(T(sc, i, 2)))
				policy_find(sc, "js.dynamic_code", t,
					    "%.*s with a string argument runs it as code",
					    (int)t->len, t->s);
			else if (tok_eq(t, "require") && !dot && tok_punct(next, "(") &&
				 !(js_core_module(T(sc, i, 2)) && tok_punct(T(sc, i, 3), ")"))) {
				policy_find(
				    sc, "js.module_loading", t,
				    "require() of a module other than node's pure core modules "
				    "(assert, util, events, path)");
				if (js_fs_module(T(sc, i, 2)))
					policy_find(sc, "js.fs", t,
						    "loads the fs module (file-system access)");
			} else if (tok_eq(t, "import") && !dot &&
				   (tok_punct(next, "(") || tok_punct(next, "{") ||
				    tok_punct(next, "*") || tok_string(next) ||
				    (next && next->type == T_IDENT))) {
				/* An ES module's import: as require() of the same name
				 * (lowered to it), so node's pure core modules are not
				 * module loading. */
				const struct tok *m = import_specifier(sc, i);
				if (!m || !js_core_module(m))
					policy_find(
					    sc, "js.module_loading", t,
					    "import of a module other than node's pure core "
					    "modules (assert, util, events, path)");
				if (m && js_fs_module(m))
					policy_find(sc, "js.fs", t,
						    "loads the fs module (file-system access)");
			} else if (tok_eq(t, "process") && !dot &&
				   (tok_punct(next, ".") || tok_punct(next, "["))) {
				policy_find(sc, "js.process", t,
					    "process gives access to the host process");
			} else if (tok_eq(t, "fs") && !dot && tok_punct(next, ".")) {
				policy_find(sc, "js.fs", t, "fs reads and writes files");
			} else if (tok_eq(t, "__proto__") && dot &&
				   is_assign_op(T(sc, skip_member_chain(sc, i + 1), 0))) {
				/* a.__proto__ = p, a.__proto__.x = v; not reads, not
				 * {__proto__: null} */
				policy_find(sc, "js.prototype_pollution", t,
					    "writing through __proto__ can change every object");
			} else if (tok_eq(t, "constructor") && dot && tok_punct(next, ".") &&
				   tok_ident(T(sc, i, 2), "constructor")) {
				policy_find(
				    sc, "js.dynamic_code", t,
				    ".constructor.constructor reaches Function, which runs strings "
				    "as code");
			} else if (tok_eq(t, "constructor") && tok_punct(next, "[")) {
				policy_find(sc, "js.prototype_pollution", t,
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
					policy_find(
					    sc, "js.prototype_pollution", t,
					    "writes to Object.prototype change every object");
			}
		} else if (t->type == T_STRING && tok_punct(T(sc, i, -1), "[") &&
			   tok_punct(next, "]")) {
			/* obj["__proto__"] is obj.__proto__ spelt as a string. */
			if (tok_eq(t, "__proto__") &&
			    is_assign_op(T(sc, skip_member_chain(sc, i + 2), 0)))
				policy_find(
				    sc, "js.prototype_pollution", t,
				    "writing through [\"__proto__\"] can change every object");
			else if (tok_eq(t, "constructor") && tok_punct(T(sc, i, 2), "[") &&
				 str_is(T(sc, i, 3), "constructor"))
				policy_find(sc, "js.dynamic_code", t,
					    "[\"constructor\"][\"constructor\"] reaches Function");
		}
	}
}

static void deps_js(const struct scan *sc, size_t *ip, struct policy_deps *d)
{
	size_t i = *ip;
	const struct toks *toks = sc->t;
	const struct tok *t = &toks->v[i], *next = T(sc, i, 1);
	/* require("x"), import("x"), import ... from "x", import "x",
	 * export ... from "x" */
	if ((tok_eq(t, "require") || tok_eq(t, "import")) && tok_punct(next, "(") &&
	    tok_string(T(sc, i, 2)))
		policy_dep_add(d, T(sc, i, 2)->s, T(sc, i, 2)->len, t->line, 0);
	else if (tok_eq(t, "import") && tok_string(next))
		policy_dep_add(d, next->s, next->len, t->line, 0);
	else if (tok_eq(t, "from") && tok_string(next) && i > 0)
		policy_dep_add(d, next->s, next->len, t->line, 0);
	*ip = i;
}

const struct policy_lang policy_lang_js = {policy_lex_js, policy_scan_js, deps_js};
