/* returned_files — see returned_files.h. The directory is the server's
 * own (mkdtemp, 0700) and only sbx's child wrote into it, and that with
 * O_EXCL and no link followed (workdir_collect.c); it is still read through
 * its fd, one component at a time without following links, as a name in a
 * record is only what the child said. base64 by libcrypto (EVP_EncodeBlock). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "sandbox/rundir.h"
#include "serve/returned_files.h"
#include "util/buf.h"
#include "util/rmtree.h"
#include "util/util.h"

json_t *returned_files_take(json_t *body, bool *wanted)
{
	json_t *o = json_deep_copy(body);
	*wanted = json_is_true(json_object_get(o, "return_files"));
	json_object_del(o, "return_files");
	return o;
}

char *returned_files_dir(void)
{
	const char *tmp = getenv("TMPDIR");
	char *d = NULL;
	if (asprintf(&d, "%s/sbx-serve-files-XXXXXX", tmp && *tmp == '/' ? tmp : "/tmp") < 0)
		return NULL;
	if (!mkdtemp(d)) {
		error("cannot make a directory for the returned files: %s", strerror(errno));
		free(d);
		return NULL;
	}
	return d;
}

/* The file name below dirfd into *out, at most max bytes; 0, 1 when it is
 * larger than max (out empty), -1 when it cannot be read. */
static int read_below(int dirfd, const char *name, size_t max, struct buf *out)
{
	char leaf[256];
	int dir = rundir_parent(dirfd, name, leaf, (uid_t)-1, (gid_t)-1);
	if (dir < 0)
		return -1;
	int fd = openat(dir, leaf, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	close(dir);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if ((uint64_t)st.st_size > max) {
		close(fd);
		return 1;
	}
	char chunk[65536];
	ssize_t n;
	while ((n = read(fd, chunk, sizeof chunk)) > 0) {
		if (out->len + (size_t)n > max)
			break; /* grew past the cap since the fstat */
		buf_append(out, chunk, (size_t)n);
	}
	close(fd);
	return n < 0 ? -1 : n > 0 ? 1 : 0;
}

void returned_files_attach(json_t *rec, const char *dir)
{
	json_t *files = json_object_get(rec, "files"), *out = json_array(), *f;
	size_t i, total = 0;
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	json_array_foreach(files, i, f)
	{
		json_t *path = json_object_get(f, "path");
		const char *name = json_string_value(json_object_get(f, "name"));
		bool saved = json_is_string(path);
		json_object_set_new(f, "path", json_null()); /* the server's, not the client's */
		if (!name)
			continue;
		json_t *e = json_pack("{s:s, s:O, s:O}", "name", name, "size",
				      json_object_get(f, "size") ?: json_null(), "sha256",
				      json_object_get(f, "sha256") ?: json_null());
		const char *why = NULL;
		struct buf b = BUF_INIT;
		int got = -1;
		if (!saved)
			why = json_string_value(json_object_get(f, "note"))
				  ?: "it was not saved (see the record's files)";
		else if (dfd < 0 || (got = read_below(dfd, name, RETURNED_FILE_MAX, &b)) < 0)
			why = "the server could not read it back";
		else if (got > 0)
			why = "larger than the 8 MiB a returned file may be";
		else if (total + b.len > RETURNED_FILES_MAX)
			why = "past the 16 MiB the returned files of one answer may be";
		if (why) {
			json_object_set_new(e, "base64", json_null());
			json_object_set_new(e, "left_out", json_string(why));
		} else {
			total += b.len;
			size_t cap = 4 * ((b.len + 2) / 3) + 1;
			unsigned char *enc = xmalloc(cap);
			int n = EVP_EncodeBlock(enc, (const unsigned char *)(b.data ? b.data : ""),
						(int)b.len);
			json_object_set_new(e, "base64", json_stringn((char *)enc, (size_t)n));
			free(enc);
		}
		buf_release(&b);
		json_array_append_new(out, e);
	}
	if (dfd >= 0)
		close(dfd);
	json_object_set_new(rec, "returned_files", out);
}

void returned_files_drop(char *dir)
{
	if (!dir)
		return;
	char *slash = strrchr(dir, '/');
	if (slash) {
		*slash = 0;
		int pfd = open(*dir ? dir : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		*slash = '/';
		if (pfd >= 0) {
			rmtree_at(pfd, slash + 1, 0);
			close(pfd);
		}
	}
	free(dir);
}
