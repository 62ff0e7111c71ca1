/* rundir — a session's run directory, reached only through directory fds.
 *
 * A one-shot run's directory is fresh and the code is gone before sbx
 * touches it again; a session's outlives its code, which may have swapped
 * any name inside it for a link to a host directory between two
 * executions. So nothing on the host side ever resolves a path below the
 * run directory: rundir_open opens the run directory (never through a
 * link, owned by sbx's own uid), then each of WORKDIR_CWD,
 * WORKDIR_PRIVATE and the private subdirectories the kernel writes
 * (RUNDIR_TMP, RUNDIR_STATE) with openat and O_NOFOLLOW, repairing what is
 * not a real directory (the code's link or file is removed, never
 * followed); every later file operation is relative to one of those fds.
 * It runs at every kernel start and restore, and in the daemon and the
 * client before they touch the directory.
 *
 * What the kernel's uid may write: WORKDIR_CWD and the two subdirectories
 * above (RUNDIR_WRITABLE). As root the run directory and WORKDIR_PRIVATE
 * stay root's (group: the kernel's, for reading), so the code cannot even
 * rename them; as an unprivileged user the code shares sbx's uid and the
 * mounts (namespaces) or Landlock (without) keep it to those three.
 */
#ifndef SBX_RUNDIR_H
#define SBX_RUNDIR_H

#include <stddef.h>
#include <sys/types.h>

#include "sandbox/workdir.h"

#define RUNDIR_TMP   "tmp"   /* in WORKDIR_PRIVATE: the kernel's TMPDIR */
#define RUNDIR_STATE "state" /* in WORKDIR_PRIVATE: the kernel's saved state */

/* The subdirectories (relative to the run directory) the kernel's uid may
 * write, NULL-terminated: the sandbox plan's rw_dirs for a session. */
extern const char *const RUNDIR_WRITABLE[];

/* Opens (creating what is missing) the run directory at path into wd:
 * wd->fd, wd->cwd_fd, wd->priv_fd, wd->path and wd->cwd. The directory must
 * not be a link and must belong to sbx's effective uid. Returns 0, or -1
 * after a message. */
int rundir_open(struct workdir *wd, const char *path);
/* Opens the directory rel ("a/b") below dirfd one component at a time,
 * never through a link: its fd, or -1 (errno ELOOP or ENOTDIR for a link
 * or a file on the way). */
int rundir_open_beneath(int dirfd, const char *rel);
/* The directory that is to hold path ("data/in/x.csv": data/in) below
 * dirfd, made where missing (0755; given to uid:gid when uid is not -1,
 * as the working directory's files are) and never through a link: its fd
 * (a dup of dirfd for a plain name), with path's last component in leaf;
 * or -1 with errno set (ELOOP or ENOTDIR: a link or a file on the way). */
int rundir_parent(int dirfd, const char *path, char leaf[256], uid_t uid, gid_t gid);
/* WORKDIR_PRIVATE of the existing run directory at path, without making,
 * repairing or following anything, and only when the run directory is
 * sbx's (as rundir_open checks): its fd, or -1. For the quick removals of
 * a client and of gc, which do not open the whole directory. */
int rundir_open_private(const char *path);
/* Closes what rundir_open opened (wd is then as after workdir_init). */
void rundir_close(struct workdir *wd);
/* Writes a new file name (mode) in the directory dirfd: what was there is
 * removed first (a link the code left included, never followed), and the
 * file is made with O_EXCL, so nothing else is ever written to. Returns 0,
 * or -1 with errno set. */
int rundir_write(int dirfd, const char *name, const void *data, size_t len, mode_t mode);
/* Creates a new, empty file name in dirfd (O_EXCL, O_NOFOLLOW, mode),
 * removing what was there; its fd or -1. */
int rundir_create(int dirfd, const char *name, mode_t mode);

#endif
