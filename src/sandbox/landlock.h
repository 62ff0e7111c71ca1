/* landlock — the filesystem and TCP restriction that works without
 * namespaces or privileges (Linux 5.13+; network rules from ABI 4, scopes
 * from ABI 6). Applied in the sandbox child, after no_new_privs, before
 * execve. Debian's headers stop at ABI 2: newer constants are defined in
 * landlock.c. */
#ifndef SBX_LANDLOCK_H
#define SBX_LANDLOCK_H

#include <stddef.h>

enum landlock_access {
	LANDLOCK_RO,  /* read and execute files, list directories */
	LANDLOCK_RW,  /* everything beneath: create, write, remove, rename */
	LANDLOCK_DEV, /* a device file that is read and written (/dev/null) */
};

struct landlock_path {
	const char *path;
	enum landlock_access access;
};

/* The ABI version this kernel offers, or 0. When 0 and reason is not NULL,
 * *reason says why ("not built into this kernel", "disabled at boot"...). */
int landlock_abi_version(const char **reason);

/* Restricts the calling thread (and what it execs) to the given paths,
 * denies TCP bind/connect (ABI >= 4) and scopes abstract UNIX sockets and
 * signals to the sandbox (ABI >= 6). Paths that do not exist are skipped.
 * Needs no_new_privs (or CAP_SYS_ADMIN in the user namespace). Returns 0, or
 * -1 with errno set. Allocates nothing: safe in a freshly forked child. */
int landlock_restrict(int abi, const struct landlock_path *paths, size_t npaths);

#endif
