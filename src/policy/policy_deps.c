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

void policy_dep_add(struct policy_deps *d, const char *name, size_t n, int line, int available)
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

void policy_dependencies(const struct lang *lang, const char *code, size_t len,
			 struct policy_deps *d)
{
	memset(d, 0, sizeof(*d));
	struct toks toks;
	policy_tokenize(lang, code, len, &toks);
	struct scan sc = {NULL, NULL, &toks, {0}};
	const struct policy_lang *pl = policy_lang_of(lang);
	for (size_t i = 0; i < toks.n; i++) {
		const struct tok *t = &toks.v[i];
		if (t->type != T_IDENT || after_dot(&sc, i))
			continue;
		pl->deps(&sc, &i, d);
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
