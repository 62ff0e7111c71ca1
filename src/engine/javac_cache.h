/* javac_cache — compiled Java classes, kept by the code's SHA-256.
 *
 * STATE_DIR/cache/java/<version>/<sha256>/ holds the classes of one source
 * (the user's classes and sbx's launcher); <version> names the launcher and
 * compiler flags, so an upgrade of sbx never runs stale classes. Entries are
 * built in a temporary directory and renamed into place: a reader sees a
 * whole entry or none, and many sbx processes may race to store the same
 * one. Every step is an openat with O_NOFOLLOW below the state directory.
 */
#ifndef SBX_JAVAC_CACHE_H
#define SBX_JAVAC_CACHE_H

#define JAVAC_CACHE_MAX_BYTES (64u << 20) /* classes of one source, at most */

/* Copies the cached classes of sha into the directory dst_fd. Returns 1 on a
 * hit, 0 on a miss (or an unusable entry), -1 when the state dir can't be
 * used (after a message). */
int javac_cache_load(const char *state_dir, const char *version, const char *sha, int dst_fd);
/* Stores the classes in src_fd as the entry of sha. Returns 0, or -1 after a
 * warning (the run goes on; the next one compiles again). */
int javac_cache_store(const char *state_dir, const char *version, const char *sha, int src_fd);

#endif
