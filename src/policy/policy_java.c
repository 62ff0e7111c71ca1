/* policy_java — Java for the policy: its tokenizer (text blocks) and the
 * java.* rules. Calls libc and the shared policy tokenizer steps only.
 */
#include "policy/policy_int.h"

#include <ctype.h>
#include <string.h>

static bool java_ident_char(int c)
{
	return c == '_' || c == '$' || isalnum(c) || c >= 0x80;
}

static const char *const java_puncts[] = {">>>=", "<<=", ">>=", ">>>", "...", "::", "->",
					  "==",	  "!=",	 "<=",	">=",  "&&",  "||", "++",
					  "--",	  "+=",	 "-=",	"*=",  "/=",  "<<", NULL};

void policy_lex_java(const char *code, size_t len, struct toks *out)
{
	struct lexer lx = {code, code + len, 1, 1, out};
	while (lx.p < lx.end) {
		int c = (unsigned char)*lx.p;
		if (isspace(c)) {
			lx_adv(&lx);
		} else if (lx_at(&lx, "//")) {
			policy_lex_skip_line(&lx);
		} else if (lx_at(&lx, "/*")) {
			policy_lex_skip_block_comment(&lx);
		} else if (c == '_' || c == '$' || isalpha(c) || c >= 0x80) {
			policy_lex_ident(&lx, java_ident_char);
		} else if (isdigit(c) ||
			   (c == '.' && lx_peek(&lx, 1) >= '0' && lx_peek(&lx, 1) <= '9')) {
			policy_lex_number(&lx);
		} else if (lx_at(&lx, "\"\"\"")) {
			int line = lx.line, col = lx.col;
			lx_advn(&lx, 3);
			const char *s = lx.p;
			while (lx.p < lx.end && !lx_at(&lx, "\"\"\"")) {
				if (*lx.p == '\\')
					lx_adv(&lx);
				lx_adv(&lx);
			}
			policy_tok_emit(&lx, T_STRING, s, (size_t)(lx.p - s), line, col);
			lx_advn(&lx, 3);
		} else if (c == '"' || c == '\'') {
			policy_lex_quoted(&lx, (char)c);
		} else {
			policy_lex_punct(&lx, java_puncts);
		}
	}
}

/* ---- rules ---------------------------------------------------------- */

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

void policy_scan_java(struct scan *sc)
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
			policy_find(sc, "java.network", t, "uses java.net (network access)");
		else if (!dot && (dotted_at(sc, i, "java.lang.reflect") ||
				  dotted_at(sc, i, "java.lang.invoke")))
			policy_find(sc, "java.reflection", t, "uses reflection");
		else if (!dot &&
			 (dotted_at(sc, i, "sun.misc.Unsafe") || dotted_at(sc, i, "jdk.internal")))
			policy_find(sc, "java.native", t, "uses JDK internals");
		else if (tok_eq(t, "ProcessBuilder") && !dot)
			policy_find(sc, "java.process", t, "ProcessBuilder starts a process");
		else if (tok_eq(t, "exec") && dot && tok_punct(next, "("))
			policy_find(sc, "java.process", t, "exec() starts a process");
		else if (one_of(t, net) && !dot &&
			 (tok_ident(T(sc, i, -1), "new") || tok_punct(next, ".")))
			policy_find(sc, "java.network", t, "%.*s opens a network connection",
				    (int)t->len, t->s);
		else if (tok_eq(t, "setAccessible") && dot && tok_punct(next, "("))
			policy_find(sc, "java.reflection", t,
				    "setAccessible() bypasses access checks");
		else if (tok_eq(t, "forName") && dot && tok_ident(T(sc, i, -2), "Class"))
			policy_find(sc, "java.reflection", t,
				    "Class.forName() loads classes by name");
		else if (tok_eq(t, "MethodHandles") && !dot)
			policy_find(sc, "java.reflection", t,
				    "MethodHandles gives reflective access");
		else if (tok_eq(t, "System") && !dot && tok_punct(next, ".") &&
			 (tok_ident(T(sc, i, 2), "load") || tok_ident(T(sc, i, 2), "loadLibrary")))
			policy_find(sc, "java.native", t, "System.%.*s() loads native code",
				    (int)T(sc, i, 2)->len, T(sc, i, 2)->s);
		else if (tok_eq(t, "Unsafe") && !dot)
			policy_find(sc, "java.native", t, "Unsafe gives raw memory access");
		else if (tok_eq(t, "System") && !dot && tok_punct(next, ".") &&
			 tok_ident(T(sc, i, 2), "exit"))
			policy_find(sc, "java.exit", t, "System.exit() ends the program");
		else if (tok_eq(t, "halt") && dot && tok_punct(next, "("))
			policy_find(sc, "java.exit", t, "halt() ends the program");
	}
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

static void deps_java(const struct scan *sc, size_t *ip, struct policy_deps *d)
{
	size_t i = *ip;
	const struct toks *toks = sc->t;
	const struct tok *t = &toks->v[i];
	if (tok_eq(t, "import")) {
		size_t j = i + 1;
		if (tok_ident(T(sc, j, 0), "static"))
			j++;
		struct buf b = BUF_INIT;
		for (; j < toks->n && !tok_punct(&toks->v[j], ";"); j++)
			buf_append(&b, toks->v[j].s, toks->v[j].len);
		if (b.len)
			policy_dep_add(d, buf_cstr(&b), b.len, t->line,
				       java_available(buf_cstr(&b)));
		buf_release(&b);
		i = j;
	}
	*ip = i;
}

const struct policy_lang policy_lang_java = {policy_lex_java, policy_scan_java, deps_java};
