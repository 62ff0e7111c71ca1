/* build_cache — what a language's build step made (Java's classes, a C,
 * C++ or Go binary), kept by the code's SHA-256.
 *
 * STATE_DIR/cache/<kind>/<version>/<sha256>/ holds the build of one source;
 * <kind> is the language's ("java", "c", ...), <version> names what the
 * build depends on besides the code (sbx's launcher, the compiler and its
 * flags), so an upgrade never runs a stale build. Entries are built in a
 * temporary directory and renamed into place: a reader sees a whole entry
 * or none, and many sbx processes may race to store the same one. Every
 * step is an openat with O_NOFOLLOW below the state directory; only
 * regular files and directories are copied, and a file keeps only its
 * execute bits (0755 or 0644: never set-uid).
 */
#ifndef SBX_BUILD_CACHE_H
#define SBX_BUILD_CACHE_H

#define BUILD_CACHE_MAX_BYTES (64u << 20) /* the build of one source, at most */

/* Copies the cached build of sha into the directory dst_fd. Returns 1 on a
 * hit, 0 on a miss (or an unusable entry), -1 when the state dir can't be
 * used (after a message). */
int build_cache_load(const char *state_dir, const char *kind, const char *version, const char *sha,
		     int dst_fd);
/* Stores the build in src_fd as the entry of sha. Returns 0, or -1 after a
 * warning (the run goes on; the next one builds again). */
int build_cache_store(const char *state_dir, const char *kind, const char *version, const char *sha,
		      int src_fd);

#endif
