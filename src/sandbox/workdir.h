/* workdir — the private run directory of one interpreter run.
 *
 * Created fresh (mode 0700) for each run and removed after it. It holds two
 * directories: WORKDIR_CWD, the code's working directory, which holds only
 * what a native run would find there (the --file copies, the program's own
 * file, Java's inputs.json) and what the code makes; and WORKDIR_PRIVATE,
 * sbx's own files (the code, the wrappers, compiled classes, the inputs,
 * TMPDIR), outside it so that a program listing its directory sees what it
 * would see natively. After the run, the regular files the code created or
 * changed in WORKDIR_CWD are listed (name, size, sha256) and, with
 * --out-dir, saved there. No path inside is trusted: the code ran there, so
 * every walk starts from a directory fd opened before the run and uses
 * openat with O_NOFOLLOW, never leaving it.
 */
#ifndef SBX_WORKDIR_H
#define SBX_WORKDIR_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "core/request.h"

#define WORKDIR_PRIVATE	  ".sbx"	      /* sbx's own files, beside WORKDIR_CWD */
#define WORKDIR_CWD	  "work"	      /* the code's working directory */
#define WORKDIR_INPUTS	  REQUEST_INPUTS_FILE /* the inputs, as a file */
#define WORKDIR_MAX_DEPTH 16		      /* deeper files are neither listed nor saved */
#define WORKDIR_MAX_FILES 10000		      /* most files listed per run */

struct workdir_entry; /* one file seen before the run (private) */

struct workdir {
	char *path;		      /* the run directory, absolute; NULL until created */
	int fd;			      /* O_DIRECTORY fd of path, -1 */
	char *cwd;		      /* path/WORKDIR_CWD; NULL until created */
	int cwd_fd;		      /* O_DIRECTORY fd of cwd, -1 */
	int priv_fd;		      /* a session's WORKDIR_PRIVATE (rundir.h), -1 */
	struct workdir_entry *before; /* snapshot after setup */
	size_t nbefore;
	bool swept; /* made under a base the next run's workdir_sweep looks at */
};

void workdir_init(struct workdir *wd);
/* Makes a fresh run directory under base (created 0700 if missing), named
 * after the execution id, with its WORKDIR_CWD. Returns 0, or -1 after a
 * message. */
int workdir_create(struct workdir *wd, const char *base, const char *id);
/* Writes a file (mode 0644) at a name relative to the run directory
 * (WORKDIR_PRIVATE "/code.py", WORKDIR_CWD "/" WORKDIR_INPUTS); a parent
 * directory in name must exist (see workdir_mkdir). Never replaces a file.
 * Returns 0, or -1 after a message (errno kept). */
int workdir_write(struct workdir *wd, const char *name, const void *data, size_t len);
int workdir_mkdir(struct workdir *wd, const char *name);
/* Copies --file sources into WORKDIR_CWD, at most cap bytes in total. A source must be a
 * regular file; names must pass workdir_valid_name. Returns 0 or -1. */
int workdir_copy_in(struct workdir *wd, const struct file_spec *files, size_t n, uint64_t cap);
/* Copies all of in to out (out may be -1: hash only), feeding md (may be
 * NULL). -1 (errno EFBIG) when more than *budget bytes come, which it
 * lowers by what it copied; -1 on a read or write error. */
struct sha256;
int workdir_copy_stream(int in, int out, struct sha256 *md, uint64_t *budget);
/* Records what is there now, so workdir_collect lists only what the code
 * created or changed. Returns 0 or -1. */
int workdir_snapshot(struct workdir *wd);
/* Frees the snapshot (workdir_remove does). */
void workdir_snapshot_release(struct workdir *wd);
/* Lists the files the code created or changed into *files (a new JSON array
 * of {name, size, sha256, path}); saves them under out_dir when it is not
 * NULL, at most cap bytes. Files over the cap are listed with sha256 and path
 * null. Saving never overwrites or follows a link: a file whose name exists
 * in out_dir already, is not UTF-8, holds a control character or (without
 * dotfiles) has a component starting with '.' is listed with path null and
 * a "note" saying why. Returns 0, or -1 after a message (the listing is
 * still set). */
int workdir_collect(struct workdir *wd, const char *out_dir, bool dotfiles, uint64_t cap,
		    json_t **files);
/* Removes the directory and everything in it, never following links. */
void workdir_remove(struct workdir *wd);
/* sbx serve's warm sandboxes answer before their directory goes: while on,
 * workdir_remove only closes a directory made under a swept base, which
 * unlocks it for the next run's workdir_sweep (the pool's next sandbox,
 * started as this one ends) to remove, off the request's path. */
void workdir_leave_to_sweep(bool on);
/* Removes the leftovers of killed runs under base: the run-* directories
 * whose owner no longer holds their lock. Live runs are left alone. */
void workdir_sweep(const char *base);

/* Removes dfd/name and everything below it, never following links. */
void workdir_rmtree_at(int dfd, const char *name);

/* 0 if name is a valid file name for the sandbox (request_file_name_problem:
 * the one rule, checked first where requests are parsed). Otherwise -1 and
 * *why says what is wrong. */
int workdir_valid_name(const char *name, const char **why);
/* The same for a path below the working directory (request_file_path_problem). */
int workdir_valid_path(const char *path, const char **why);

#endif
