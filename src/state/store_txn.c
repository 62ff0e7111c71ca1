/* store_txn — writing a new version: a temp directory filled file by file
 * (fsynced), then renamed into place under the lock, or removed. Calls
 * util (SHA-256, write_all) and the shared helpers of store_int.h. */
#include "state/store.h"
#include "state/store_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/util.h"

int store_begin(struct store *s, const char *name, struct store_txn *t)
{
	memset(t, 0, sizeof(*t));
	t->name_fd = t->tmp_fd = -1;
	t->s = s;
	if (store_check_name(name) != 0)
		return -1;
	snprintf(t->name, sizeof(t->name), "%s", name);
	if (store_lock(s) != 0)
		return -1;
	char *where = store_version_path(s, name, 0);
	if (mkdirat(s->dep_fd, name, 0700) == 0) {
		/* The new name must survive a crash once a version is in it. */
		fsync(s->dep_fd);
	} else if (errno != EEXIST) {
		error("cannot create %s: %s", where, strerror(errno));
		goto fail;
	}
	t->name_fd = store_open_dir_at(s->dep_fd, name, where);
	if (t->name_fd < 0) {
		if (t->name_fd == -2)
			error("%s vanished while being written", where);
		t->name_fd = -1;
		goto fail;
	}
	/* Under the lock every temp directory belongs to a writer that died:
	 * temp directories are only ever made by the lock holder. */
	store_clean_name_dir(t->name_fd);
	int *vs = NULL;
	size_t n = 0;
	if (store_versions_in(t->name_fd, &vs, &n) != 0) {
		error("cannot read %s: %s", where, strerror(errno));
		goto fail;
	}
	int latest = n ? vs[n - 1] : 0;
	free(vs);
	if (latest >= STORE_VERSION_MAX) {
		error("%s has reached the last version number; delete it first", where);
		goto fail;
	}
	t->version = latest + 1;
	unsigned char rnd[6];
	char hex[13];
	int rfd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (rfd < 0 || read(rfd, rnd, sizeof(rnd)) != (ssize_t)sizeof(rnd))
		memset(rnd, 0, sizeof(rnd));
	if (rfd >= 0)
		close(rfd);
	for (size_t i = 0; i < sizeof(rnd); i++)
		snprintf(hex + 2 * i, 3, "%02x", rnd[i]);
	snprintf(t->tmp_name, sizeof(t->tmp_name), TMP_PREFIX "%ld-%s", (long)getpid(), hex);
	if (mkdirat(t->name_fd, t->tmp_name, 0700) != 0) {
		error("cannot create a temporary directory in %s: %s", where, strerror(errno));
		goto fail;
	}
	t->tmp_fd = openat(t->name_fd, t->tmp_name, DIR_FLAGS);
	if (t->tmp_fd < 0) {
		error("cannot open a temporary directory in %s: %s", where, strerror(errno));
		goto fail;
	}
	free(where);
	return 0;
fail:
	free(where);
	store_abort(t);
	return -1;
}

/* Opens relpath for writing in the temp dir (creating parents). */
static int txn_create(struct store_txn *t, const char *relpath)
{
	if (!store_relpath_ok(relpath)) {
		errno = EINVAL;
		return -1;
	}
	const char *leaf;
	int pfd = store_walk_parent(t->tmp_fd, relpath, true, &leaf);
	if (pfd < 0)
		return -1;
	int fd = openat(pfd, leaf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	int e = errno;
	/* The parent directory's entry must be durable too. */
	if (fd >= 0 && pfd != t->tmp_fd)
		fsync(pfd);
	close(pfd);
	errno = e;
	return fd;
}

int store_txn_write(struct store_txn *t, const char *relpath, const void *data, size_t len)
{
	int fd = txn_create(t, relpath);
	if (fd < 0)
		return error("cannot write %s to the new deployment %s: %s", relpath, t->name,
			     strerror(errno));
	int rc = write_all(fd, data, len);
	if (rc == 0)
		rc = fsync(fd);
	int e = errno;
	if (close(fd) != 0 && rc == 0) {
		rc = -1;
		e = errno;
	}
	if (rc != 0)
		return error("cannot write %s to the new deployment %s: %s", relpath, t->name,
			     strerror(e));
	return 0;
}

int store_txn_copy(struct store_txn *t, const char *relpath, const char *src, uint64_t cap,
		   uint64_t *size, char *sha256)
{
	int in = open(src, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return error("cannot read %s: %s", src, strerror(errno));
	struct stat st;
	if (fstat(in, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(in);
		return error("%s is not a regular file: only files can be stored", src);
	}
	if ((uint64_t)st.st_size > cap) {
		close(in);
		return error("%s is %lld bytes, over the limit of %llu for stored files", src,
			     (long long)st.st_size, (unsigned long long)cap);
	}
	int out = txn_create(t, relpath);
	if (out < 0) {
		int e = errno;
		close(in);
		return error("cannot store %s as %s: %s", src, relpath, strerror(e));
	}
	struct sha256 md;
	sha256_init(&md);
	uint64_t total = 0;
	char chunk[65536];
	int rc = 0;
	for (;;) {
		ssize_t r = read(in, chunk, sizeof(chunk));
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			rc = error("cannot read %s: %s", src, strerror(errno));
			break;
		}
		if (r == 0)
			break;
		total += (uint64_t)r;
		if (total > cap) {
			rc = error("%s grew past the limit of %llu bytes while being stored", src,
				   (unsigned long long)cap);
			break;
		}
		sha256_update(&md, chunk, (size_t)r);
		if (write_all(out, chunk, (size_t)r) != 0) {
			rc = error("cannot write %s: %s", relpath, strerror(errno));
			break;
		}
	}
	if (rc == 0 && fsync(out) != 0)
		rc = error("cannot write %s: %s", relpath, strerror(errno));
	close(out);
	close(in);
	char hex[65];
	sha256_final_hex(&md, hex);
	if (rc == 0 && size)
		*size = total;
	if (rc == 0 && sha256)
		memcpy(sha256, hex, sizeof(hex));
	return rc;
}

int store_commit(struct store_txn *t)
{
	char num[16];
	snprintf(num, sizeof(num), "%d", t->version);
	/* Contents are fsynced file by file; the directory entries of the temp
	 * directory before it is renamed, the deployment directory after, so the
	 * version is either wholly there after a crash or not at all. */
	if (fsync(t->tmp_fd) != 0) {
		error("cannot sync the new deployment %s: %s", t->name, strerror(errno));
		store_abort(t);
		return -1;
	}
	if (renameat(t->name_fd, t->tmp_name, t->name_fd, num) != 0) {
		error("cannot commit version %d of %s: %s", t->version, t->name, strerror(errno));
		store_abort(t);
		return -1;
	}
	t->tmp_name[0] = '\0';
	fsync(t->name_fd);
	close(t->tmp_fd);
	close(t->name_fd);
	t->tmp_fd = t->name_fd = -1;
	store_unlock(t->s);
	return 0;
}

void store_abort(struct store_txn *t)
{
	if (t->tmp_fd >= 0)
		close(t->tmp_fd);
	if (t->name_fd >= 0) {
		if (t->tmp_name[0])
			store_remove_tree_at(t->name_fd, t->tmp_name);
		/* Leave no empty deployment directory behind a failed first
		 * version. */
		if (store_name_dir_empty(t->name_fd))
			unlinkat(t->s->dep_fd, t->name, AT_REMOVEDIR);
		close(t->name_fd);
	}
	t->tmp_fd = t->name_fd = -1;
	t->tmp_name[0] = '\0';
	if (t->s)
		store_unlock(t->s);
}
