/* policy_c — C and C++ for the policy: Java's tokenizer does for both
 * (identifiers, numbers, "strings", 'c', // and block comments), and the
 * c.* rules on calls; the dependencies are the headers #include names.
 * Calls libc and the shared policy tokenizer steps only.
 */
#include "policy/policy_int.h"

#include <string.h>

#include "util/buf.h"

void policy_scan_c(struct scan *sc)
{
	static const char *const proc[] = {"system",  "popen",	     "execl",	     "execlp",
					   "execle",  "execv",	     "execvp",	     "execve",
					   "execvpe", "fexecve",     "fork",	     "vfork",
					   "clone",   "posix_spawn", "posix_spawnp", NULL};
	static const char *const net[] = {"socket", "connect",	"bind",	       "listen",
					  "accept", "accept4",	"getaddrinfo", "gethostbyname",
					  "sendto", "recvfrom", NULL};
	static const char *const raw[] = {"syscall", "asm", "__asm__", "__asm", "dlopen", NULL};
	for (size_t i = 0; i < sc->t->n; i++) {
		const struct tok *t = &sc->t->v[i], *next = T(sc, i, 1);
		const struct tok *prev = T(sc, i, -1);
		/* a call, not a member (x.system) or a declaration's name after a type
		 * is still a finding: the rule is advisory */
		if (t->type != T_IDENT || !tok_punct(next, "(") || tok_punct(prev, ".") ||
		    tok_punct(prev, "->"))
			continue;
		if (one_of(t, proc))
			policy_find(sc, "c.process", t, "%.*s() starts a program or a process",
				    (int)t->len, t->s);
		else if (one_of(t, net))
			policy_find(sc, "c.network", t, "%.*s() uses the network", (int)t->len,
				    t->s);
		else if (one_of(t, raw))
			policy_find(sc, "c.native", t,
				    "%.*s() reaches the kernel or loads code directly", (int)t->len,
				    t->s);
	}
}

/* #include <sys/socket.h> and #include "x.h": the header's name. */
static void deps_c(const struct scan *sc, size_t *ip, struct policy_deps *d)
{
	size_t i = *ip;
	const struct tok *t = &sc->t->v[i];
	if (!tok_eq(t, "include") || !tok_punct(T(sc, i, -1), "#"))
		return;
	const struct tok *n = T(sc, i, 1);
	if (tok_string(n)) {
		policy_dep_add(d, n->s, n->len, t->line, -1);
		*ip = i + 1;
		return;
	}
	if (!tok_punct(n, "<"))
		return;
	struct buf b = BUF_INIT;
	size_t j = i + 2;
	for (; j < sc->t->n && !tok_punct(&sc->t->v[j], ">") && sc->t->v[j].line == t->line; j++)
		buf_append(&b, sc->t->v[j].s, sc->t->v[j].len);
	if (b.len)
		policy_dep_add(d, buf_cstr(&b), b.len, t->line, -1);
	buf_release(&b);
	*ip = j;
}

const struct policy_lang policy_lang_c = {policy_lex_java, policy_scan_c, deps_c};
