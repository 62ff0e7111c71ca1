/* seccomp — the filters. Built with libseccomp (exported to BPF) at build
 * time (seccomp_prebuilt.c), else once in the parent, and loaded in the
 * child with prctl.
 *
 * PROFILE_EMBEDDED: a default-deny allow-list for the Duktape child (seccomp.c).
 *   A forbidden call traps (SIGSYS); the handler writes
 *   {"status":"syscall_blocked","syscall_nr":N} to the report fd and exits.
 * PROFILE_INTERPRETER: a deny-list for python3/java/Rscript (seccomp_interp.c).
 */
#ifndef SBX_SECCOMP_H
#define SBX_SECCOMP_H

#include <linux/filter.h>
#include <stdbool.h>

#include "sandbox/sandbox.h"

struct seccomp_prog {
	struct sock_filter *filter;
	unsigned short len;
};

/* Parent side. Returns 0, or -1 with a message. */
int seccomp_build(enum sandbox_profile profile, struct seccomp_prog *out);
/* The profile's filter: the one built at build time (seccomp_prebuilt),
 * else built on first use and kept for the process's life (forks inherit
 * it): NULL, after a message, when it cannot be built. Thread-safe. */
const struct seccomp_prog *seccomp_filter(enum sandbox_profile profile);
/* Builds the filters of runs (Duktape's, the interpreters') now, so that
 * processes forked from this one find them built: 0, or -1 after a
 * message (the runs then fail closed on their own). */
int seccomp_prebuild(void);
void seccomp_prog_free(struct seccomp_prog *prog); /* seccomp_build's */
/* Child side, after PR_SET_NO_NEW_PRIVS. Async-signal-safe; -1 on failure. */
int seccomp_install(const struct seccomp_prog *prog, enum sandbox_profile profile);
/* "socket" for a syscall number of this architecture; "syscall N" if unknown.
 * Returns a static or caller-owned (malloc'd) string: free with free(). */
char *seccomp_syscall_name(long nr);

/* The profile's filter as built at build time (seccomp_prebuilt.c): false
 * when there is none. out->filter is the binary's own array: never freed,
 * never written. */
bool seccomp_prebuilt(enum sandbox_profile profile, struct seccomp_prog *out);

/* The interpreter deny-list, built into ctx-less BPF (seccomp_interp.c). */
int seccomp_interp_build(struct seccomp_prog *out);

#endif
