/* store — deployments on disk: STATE/deployments/NAME/VERSION/.
 *
 * Layout (plain files a person can read):
 *   STATE/deployments/.lock               flock: one writer at a time
 *   STATE/deployments/NAME/VERSION/       manifest.yaml, code.EXT, artefacts/,
 *                                         files/
 *   STATE/deployments/NAME/.tmp-*         a version being written (ignored)
 *   STATE/deployments/.del-*              a deployment being removed (ignored)
 *
 * A version appears only by rename(2) of a complete, fsynced temp directory,
 * so readers never take a lock and never see half a version. Every path below
 * the state directory is opened relative to a directory fd with O_NOFOLLOW:
 * a link planted there is refused, never followed.
 */
#ifndef SBX_STORE_H
#define SBX_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"

#define STORE_NAME_MAX	  64
#define STORE_VERSION_MAX 999999999
#define STORE_MANIFEST	  "manifest.yaml"

struct store {
	char *state_dir; /* owned */
	int state_fd;	 /* -1: the state directory does not exist (readers) */
	int dep_fd;	 /* STATE/deployments; -1 if it does not exist */
	int lock_fd;	 /* -1 unless store_lock() holds the lock */
};

/* Names: [a-z0-9][a-z0-9._-]{0,63}, no "..". Silent check for tests. */
bool store_name_ok(const char *name);
/* The same with a message naming the problem and the fix. */
int store_check_name(const char *name);
/* The same for a name of another thing (what: "session"), named so in
 * the message. */
int store_check_name_for(const char *name, const char *what);
/* A deployment name from a file path: basename without extension, lower-cased,
 * other characters turned into '-', trimmed to the allowed form. Returns 0,
 * or -1 (with a message asking for -n) when nothing usable is left. */
int store_name_from_path(const char *path, char out[STORE_NAME_MAX + 1]);
/* "NAME" or "NAME@VERSION" (VERSION >= 1); *version = 0 means latest. */
int store_parse_ref(const char *ref, char name[STORE_NAME_MAX + 1], int *version);

/* The state directory: --state-dir (flag), else $SBX_STATE_DIR, else the
 * config file's state_dir, else $XDG_STATE_HOME/sbx or ~/.local/state/sbx.
 * config_flag is --config (may be NULL). Returns a malloc'd path, or NULL
 * after a message (a bad config file). */
char *store_state_dir(const char *flag, const char *config_flag);

/* Opens the store under state_dir. create: make STATE and STATE/deployments
 * (mode 0700) if missing; otherwise a missing directory gives an empty store
 * (dep_fd -1), not an error. Returns 0 or -1 with a message. */
int store_open(struct store *s, const char *state_dir, bool create);
void store_close(struct store *s);

/* The exclusive writer lock (blocks until held). */
int store_lock(struct store *s);
void store_unlock(struct store *s);

/* Writing a new version: store_begin (takes the lock, removes stale temp
 * directories, picks latest+1), store_txn_write for each file, then
 * store_commit or store_abort. */
struct store_txn {
	struct store *s;
	char name[STORE_NAME_MAX + 1];
	int name_fd;
	int tmp_fd;
	char tmp_name[48];
	int version;
};

int store_begin(struct store *s, const char *name, struct store_txn *t);
/* relpath: "manifest.yaml", "artefacts/Main.class" — plain components only;
 * missing directories are created. The file is fsynced. */
int store_txn_write(struct store_txn *t, const char *relpath, const void *data, size_t len);
/* Copies a host file (followed as the user named it) into relpath, up to cap
 * bytes; sets *size and sha256 (65 bytes) when not NULL. */
int store_txn_copy(struct store_txn *t, const char *relpath, const char *src, uint64_t cap,
		   uint64_t *size, char *sha256);
int store_commit(struct store_txn *t);
void store_abort(struct store_txn *t);

/* Deployment names in the store, sorted (entries starting with '.' skipped;
 * entries that are not valid names are returned too so list can flag them).
 * *names is a NULL-terminated malloc'd array; free with store_free_names. */
int store_names(struct store *s, char ***names, size_t *n);
void store_free_names(char **names);
/* Committed versions of name, ascending. 0 versions is not an error. A name
 * that does not exist gives *n = 0. Returns -1 for a link or unreadable dir. */
int store_versions(struct store *s, const char *name, int **versions, size_t *n);
/* The directory fd of NAME/VERSION (version 0: latest). Sets *resolved.
 * Returns the fd, or -1 with a message ("no deployment named ..."). */
int store_open_version(struct store *s, const char *name, int version, int *resolved);
/* Reads dfd/relpath (no links, regular file, at most cap bytes). where is
 * used in messages. */
int store_read_at(int dfd, const char *relpath, size_t cap, struct buf *out, const char *where);
/* Bytes of the regular files under dfd (not following links). */
uint64_t store_dir_size(int dfd);
/* "STATE/deployments/NAME/VERSION" for messages; malloc'd. */
char *store_version_path(const struct store *s, const char *name, int version);

/* Removes a version (version > 0) or the whole deployment (version 0).
 * Takes the lock. Returns 0, or -1 ("no deployment named ..."). */
int store_delete(struct store *s, const char *name, int version);
/* Removes leftovers of killed writers (temp and half-deleted directories).
 * Caller holds the lock. *removed counts them. */
int store_clean(struct store *s, unsigned *removed);

#endif
