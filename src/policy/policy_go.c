/* policy_go — Go for the policy: JavaScript's tokenizer does (its
 * template strings are Go's raw `strings`), the go.* rules on the packages
 * a program imports and the calls that start processes, and the imports as
 * its dependencies (the standard library's are available: no dot in their
 * first element). Calls libc and the shared policy tokenizer steps only.
 */
#include "policy/policy_int.h"

#include <string.h>

/* The import paths of the import declaration at i ("import "x"", "import
 * y "x"", "import ( ... )"); calls f(path token) for each. */
static size_t imports(const struct scan *sc, size_t i, void (*f)(void *, const struct tok *),
		      void *ctx)
{
	size_t j = i + 1;
	bool group = tok_punct(T(sc, i, 1), "(");
	if (group)
		j++;
	for (; j < sc->t->n; j++) {
		const struct tok *u = &sc->t->v[j];
		if (group && tok_punct(u, ")"))
			break;
		if (u->type == T_STRING || u->type == T_TEMPLATE) {
			f(ctx, u);
			if (!group)
				break;
		}
	}
	return j;
}

static bool path_is(const struct tok *t, const char *p)
{
	size_t n = strlen(p);
	return t->len == n && !memcmp(t->s, p, n);
}

static bool path_under(const struct tok *t, const char *p)
{
	size_t n = strlen(p);
	return path_is(t, p) || (t->len > n && !memcmp(t->s, p, n) && t->s[n] == '/');
}

static void import_rule(void *ctx, const struct tok *t)
{
	struct scan *sc = ctx;
	if (path_is(t, "os/exec"))
		policy_find(sc, "go.process", t, "os/exec starts programs");
	else if (path_under(t, "net"))
		policy_find(sc, "go.network", t, "%.*s uses the network", (int)t->len, t->s);
	else if (path_is(t, "unsafe") || path_under(t, "syscall") || path_is(t, "plugin"))
		policy_find(sc, "go.native", t, "%.*s reaches memory or the kernel directly",
			    (int)t->len, t->s);
}

void policy_scan_go(struct scan *sc)
{
	for (size_t i = 0; i < sc->t->n; i++) {
		const struct tok *t = &sc->t->v[i];
		if (tok_ident(t, "import") && !tok_punct(T(sc, i, -1), "."))
			i = imports(sc, i, import_rule, sc);
		else if (tok_ident(t, "StartProcess") && tok_punct(T(sc, i, -1), "."))
			policy_find(sc, "go.process", t, "os.StartProcess starts a program");
	}
}

static void import_dep(void *ctx, const struct tok *t)
{
	struct policy_deps *d = ctx;
	const char *slash = memchr(t->s, '/', t->len);
	size_t first = slash ? (size_t)(slash - t->s) : t->len;
	policy_dep_add(d, t->s, t->len, t->line, memchr(t->s, '.', first) ? 0 : 1);
}

static void deps_go(const struct scan *sc, size_t *ip, struct policy_deps *d)
{
	if (tok_ident(&sc->t->v[*ip], "import"))
		*ip = imports(sc, *ip, import_dep, d);
}

const struct policy_lang policy_lang_go = {policy_lex_js, policy_scan_go, deps_go};
