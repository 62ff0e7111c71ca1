/* cgroup_int — what cgroup.c (creating groups) and cgroup_end.c (killing,
 * removing and sweeping them) share; nothing else includes it. */
#ifndef SBX_CGROUP_INT_H
#define SBX_CGROUP_INT_H

#include <stdbool.h>
#include <stddef.h>

/* Writes s to the file at path: 0 or -1. */
int cgroup_write_str(const char *path, const char *s);
/* The directory of our own cgroup in the hierarchy of controller (NULL:
 * v2's), as a path we can open: 0 or -1. */
int cgroup_own_dir(const char *controller, char *out, size_t outlen);
/* SIGKILLs every process in dir's group until none is left (v2: at once
 * with cgroup.kill where there is one). */
void cgroup_kill_dir(const char *dir, bool v2);
/* Removes dir's group (and the groups below it, their processes killed),
 * retrying while killed tasks exit; clears dir. */
void cgroup_remove_dir(char *dir);
/* Kills and removes the groups in parent of sbx processes that are gone. */
void cgroup_sweep_dir(const char *parent);

#endif
