/* progin — the program's standard input: a --stdin FILE, or sbx's own
 * standard input (--stdin -). */
#ifndef SBX_PROGIN_H
#define SBX_PROGIN_H

/* Opens what --stdin names for the code to read: a read-only descriptor
 * (O_CLOEXEC; sandbox_child.c dups it to fd 0), or -1 after a message naming
 * the problem and the fix. path "-" is sbx's own stdin, reopened read-only
 * (never sbx's descriptor itself, which a shell often opens read-write)
 * at its current offset; a terminal or a socket there is refused. */
int progin_open(const char *path);

#endif
