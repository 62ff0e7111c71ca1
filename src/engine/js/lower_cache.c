/* lower_cache — the engine's own cache of lowered code, STATE/cache/js/
 * <key>.js (as build_cache.c is the builds'): the key, the lookup,
 * storing an entry (temp file, fsync, rename) and the deployments' copy of
 * it. The directory comes from statedir; files are opened with O_NOFOLLOW.
 * Calls statedir, js/tokenize and util. */
#include "engine/js/lower.h"
#include "engine/js/lower_int.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/js/tokenize.h"
#include "util/statedir.h"
#include "util/util.h"

#include "js_lower_gen.h"

/* Options that change the output are part of the cache key; bump this
 * when transpile.js or the options in it change in a way the bytecode hash
 * would not show (it always does today: the hash covers transpile.js). */
#define LOWER_KEY_VERSION "sbx-lower-1"

static int open_cache_dir(const char *state_dir, bool create)
{
	char *path;
	int fd;

	if (!state_dir)
		return -1;
	if (create) {
		char *cache = NULL;
		if (statedir_ensure(state_dir) != 0 || statedir_ensure_sub(state_dir, "cache") != 0)
			return -1;
		if (asprintf(&cache, "%s/cache", state_dir) < 0)
			return -1;
		int rc = statedir_ensure_sub(cache, "js");
		free(cache);
		if (rc != 0)
			return -1;
	}
	if (asprintf(&path, "%s/cache/js", state_dir) < 0)
		return -1;
	fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	free(path);
	return fd;
}

void js_lower_cache_key(const struct request *req, char out[65])
{
	struct buf b = BUF_INIT;
	buf_printf(&b, "%s%c%s%s%s%c%s%c%s%c%s%c", LOWER_KEY_VERSION, 0, req->lang->name,
		   req->lower_for_node ? "@node" : "", js_lower_module_kind(req), 0,
		   JS_LOWER_TS_BC_SHA256, 0, JS_LOWER_SUBSET_BC_SHA256, 0,
		   JS_LOWER_SUBSET_TS_BC_SHA256, 0);
	buf_append(&b, req->code, req->code_len);
	sha256_hex(b.data, b.len, out);
	buf_release(&b);
}

void js_lower_cache_lookup(struct js_lower *l, const struct request *req)
{
	char name[80];
	struct buf b = BUF_INIT;
	struct stat st;
	int dfd = open_cache_dir(req->state_dir, false), fd;

	if (dfd < 0)
		return;
	snprintf(name, sizeof name, "%s.js", l->key);
	fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	close(dfd);
	if (fd < 0)
		return;
	/* Only a regular file we own: the state directory is 0700, but a
	 * cache entry is code that will run, so be strict. */
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    read_fd(fd, CACHE_MAX, &b) != 0) {
		close(fd);
		buf_release(&b);
		return;
	}
	close(fd);
	size_t len = b.len;
	l->owned = buf_detach(&b, NULL);
	if (!l->owned || js_lower_split_owned(l, len) != 0) {
		free(l->owned);
		l->owned = NULL;
		return;
	}
	l->cached = true;
}

void js_lower_cache_store(const struct js_lower *l, const struct request *req, const char *text,
			  size_t len)
{
	char name[80], tmp[96];
	int dfd, fd;

	dfd = open_cache_dir(req->state_dir, true);
	if (dfd < 0)
		return;
	snprintf(name, sizeof name, "%s.js", l->key);
	snprintf(tmp, sizeof tmp, ".%s.%ld.tmp", l->key, (long)getpid());
	fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		close(dfd);
		return;
	}
	/* temp file, fsync, rename: readers see the old entry or the new one. */
	if (write_all(fd, text, len) != 0 || fsync(fd) != 0) {
		close(fd);
		unlinkat(dfd, tmp, 0);
		close(dfd);
		return;
	}
	close(fd);
	if (renameat(dfd, tmp, dfd, name) != 0)
		unlinkat(dfd, tmp, 0);
	close(dfd);
}

/* Whether req's code is lowered at all, and under which cache key. */
static bool lowered_key(const struct request *req, char key[65])
{
	struct js_scan sc;
	js_scan(req->code, req->code_len, &sc);
	if (req->lang->id != LANG_TYPESCRIPT && !sc.feature)
		return false;
	js_lower_cache_key(req, key);
	return true;
}

static int cache_file(const char *state_dir, const char *key, char *out, size_t n)
{
	int len = snprintf(out, n, "%s/cache/js/%s.js", state_dir, key);
	return len > 0 && (size_t)len < n ? 0 : -1;
}

int js_lower_cache_path(const struct request *req, char *out, size_t n)
{
	char key[65];
	if (!req->state_dir || !lowered_key(req, key))
		return -1;
	return cache_file(req->state_dir, key, out, n);
}

int js_lower_cache_restore(const struct request *req, const char *text, size_t len)
{
	struct js_lower l;
	struct stat st;
	char path[PATH_MAX];
	memset(&l, 0, sizeof l);
	if (!req->state_dir || !lowered_key(req, l.key) ||
	    cache_file(req->state_dir, l.key, path, sizeof path) != 0)
		return -1;
	if (lstat(path, &st) == 0)
		return 0; /* already cached */
	if (len >= CACHE_MAX || memchr(text, '\0', len) || !strstr(text, LINES_TAG))
		return -1;
	l.needed = true;
	js_lower_cache_store(&l, req, text, len);
	return 0;
}
