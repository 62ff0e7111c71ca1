/* policy_deps — the modules and packages code names (import, require,
 * library, ...), found with the policy tokenizers, in order and without
 * duplicates. Calls libc, jansson, jsonout, util and the policy tokenizers
 * only.
 */
#include "policy/policy_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/jsonout.h"
#include "util/util.h"

/* Most dependencies listed: each new name is compared with those before it,
 * so without a cap 100,000 distinct imports (700 KB of code) took 25 s of
 * `sbx prepare`, outside the sandbox. No real program names 1,000 modules. */
#define POLICY_MAX_DEPS 1000

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
	policy_tokenize(lang, code, len, &toks);
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
