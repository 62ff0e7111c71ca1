/* rmtree — removes a directory tree that sandboxed code shaped to resist
 * removal: directories without write or search permission, chains deeper
 * than any fd stack, hundreds of thousands of files.
 *
 * Iterative, never recursive: at most RMTREE_HELD directories are open at
 * once; a directory found deeper is renamed to the top of the tree and
 * removed from there, so any depth is flattened. Every step is an
 * openat(O_NOFOLLOW)/unlinkat from the parent's fd: a link is removed,
 * never followed. A directory gets u+rwx before it is entered.
 *
 * Bounded: the work stops at the deadline and what is left stays for a
 * later call (workdir_sweep), which continues where this one stopped —
 * every pass deletes entries for good, so leftovers only shrink.
 */
#ifndef SBX_RMTREE_H
#define SBX_RMTREE_H

#define RMTREE_HELD 32 /* directories open at once */

/* Removes dfd/name and everything below it (a non-directory is just
 * unlinked). Stops once now_monotonic_ms() passes deadline_ms (0: no
 * deadline). Returns 0 when dfd/name is gone, 1 when the deadline stopped
 * it, -1 when a pass made no progress (something cannot be removed). */
int rmtree_at(int dfd, const char *name, double deadline_ms);

#endif
