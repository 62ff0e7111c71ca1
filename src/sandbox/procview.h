/* procview — what of /proc a run without a pid namespace may read.
 *
 * With namespaces the run gets a fresh /proc of its own pid namespace and
 * may read all of it. Without, /proc is the host's: other processes'
 * command lines and, through any /proc/PID/net, the host's sockets
 * (/proc/net is a link to /proc/self/net). Landlock then grants only a few
 * machine-wide files the runtimes read (cpuinfo, meminfo, stat, sys/...)
 * and the entries of the interpreter's own /proc/PID (never net, mem or
 * pagemap). Listing /proc is denied, and so are other processes' files.
 *
 * Landlock ties a rule to an inode, and procfs makes a new inode for a
 * /proc/PID entry each time its dentry is rebuilt: sbx holds an O_PATH fd
 * on each granted entry for the whole run so the dentries, and the rules
 * on them, stay. Processes the interpreter starts have no /proc/self of
 * their own (runtimes fall back: Java's fd closing, Python's subprocess).
 */
#ifndef SBX_PROCVIEW_H
#define SBX_PROCVIEW_H

#include <stddef.h>
#include <sys/types.h>

#include "sandbox/landlock.h"

#define PROCVIEW_MAX 40 /* paths procview_grants may add */

/* Child side: appends the /proc paths to grant read-only (as /proc/self/...
 * for the process's own entries) to paths[*n..max). */
void procview_grants(struct landlock_path *paths, size_t *n, size_t max);
/* Parent side, before the child applies Landlock: O_PATH fds on pid's
 * granted entries into fds[PROCVIEW_MAX] (-1 where absent). */
void procview_pin(pid_t pid, int *fds);
void procview_unpin(int *fds);

#endif
