/* isolate_int — what the isolate_*.c files share among themselves; no other
 * file includes it. See isolate.h for the sequence.
 */
#ifndef SBX_ISOLATE_INT_H
#define SBX_ISOLATE_INT_H

#include <stdbool.h>
#include <sys/types.h>

#include "sandbox/isolate.h"

/* Appends "; text" to st->note (truncated to fit). isolate_plan.c */
void isolate_note(struct isolate_state *st, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The root's binds, devices and links into st->entries. isolate_plan.c */
void isolate_plan_root(struct isolate_state *st);

/* In the cloned child: reports "E<step>:<errno>" on status_fd and exits.
 * Async-signal-safe. isolate_root.c */
_Noreturn void isolate_child_abort(int status_fd, const char *step);
/* Builds the root and pivots into it; wfd and efd are the work and extra
 * directories opened before the uid switch. isolate_root.c */
void isolate_build_root(const struct isolate_state *st, int status_fd, int wfd, const int *efd);
/* Writes text to path (created 0644, truncated); 0 or -1. isolate_root.c */
int isolate_write_file(const char *path, const char *text);

/* setresuid/setresgid to uid/gid, groups dropped if asked. isolate_enter.c */
int isolate_become_user(uid_t uid, gid_t gid, bool drop_groups);

#endif
