/* remote_files — see remote_files.h. base64 by libcrypto (EVP_DecodeBlock). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "core/request.h"
#include "sandbox/rundir.h"
#include "serve/remote_files.h"
#include "serve/returned_files.h"
#include "util/util.h"

/* The bytes of s (base64) into a new buffer, *n of them; NULL if it is not
 * base64 or decodes to more than max bytes. */
static unsigned char *decode(const char *s, size_t len, size_t max, size_t *n)
{
	if (len % 4 || len / 4 * 3 > max + 2)
		return NULL;
	unsigned char *out = xmalloc(len / 4 * 3 + 1);
	int got = len ? EVP_DecodeBlock(out, (const unsigned char *)s, (int)len) : 0;
	if (got < 0) {
		free(out);
		return NULL;
	}
	/* EVP_DecodeBlock counts the padding as bytes: take them off */
	size_t pad = len && s[len - 1] == '=' ? (len > 1 && s[len - 2] == '=' ? 2 : 1) : 0;
	*n = (size_t)got - pad;
	if (*n > max) {
		free(out);
		return NULL;
	}
	return out;
}

/* One returned file into dfd: NULL, or why it was not written. */
static const char *save_one(int dfd, json_t *f, char **local, const char *dir)
{
	const char *name = json_string_value(json_object_get(f, "name"));
	const char *b64 = json_string_value(json_object_get(f, "base64"));
	const char *sha = json_string_value(json_object_get(f, "sha256"));
	if (!name || request_file_path_problem(name))
		return "its name is not a path below the directory";
	if (!b64)
		return json_string_value(json_object_get(f, "left_out"))
			   ?: "the server did not return it";
	size_t n = 0;
	unsigned char *data =
	    decode(b64, json_string_length(json_object_get(f, "base64")), RETURNED_FILE_MAX, &n);
	if (!data)
		return "the server's copy is not valid base64 of at most 8 MiB";
	char got[65];
	sha256_hex(data, n, got);
	const char *why = NULL;
	char leaf[256];
	int pd = -1, fd = -1;
	if (!sha || strcmp(sha, got))
		why = "its bytes do not match its sha256";
	else if ((pd = rundir_parent(dfd, name, leaf, (uid_t)-1, (gid_t)-1)) < 0)
		why = "a directory on its path is a link or a file here";
	else if ((fd = openat(pd, leaf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			      0644)) < 0)
		why = errno == EEXIST ? "a file of that name exists here: it is never overwritten"
				      : "it cannot be created here";
	else if (write_all(fd, data, n) != 0)
		why = "it could not be written";
	if (fd >= 0)
		close(fd);
	if (pd >= 0)
		close(pd);
	free(data);
	if (!why && asprintf(local, "%s/%s", dir, name) < 0)
		*local = NULL;
	return why;
}

void remote_files_save(json_t *rec, const char *dir)
{
	json_t *ret = json_object_get(rec, "returned_files"),
	       *files = json_object_get(rec, "files");
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	size_t i, j;
	json_t *f, *g;
	json_array_foreach(ret, i, f)
	{
		char *local = NULL;
		const char *why =
		    dfd < 0 ? "the directory cannot be opened" : save_one(dfd, f, &local, dir);
		const char *name = json_string_value(json_object_get(f, "name"));
		json_array_foreach(files, j, g)
		{
			const char *gn = json_string_value(json_object_get(g, "name"));
			if (!gn || !name || strcmp(gn, name))
				continue;
			json_object_set_new(g, "path", local ? json_string(local) : json_null());
			if (why)
				json_object_set_new(g, "note", json_string(why));
		}
		if (why && name)
			warning("--out-dir: %s was not written: %s", name, why);
		free(local);
	}
	if (dfd >= 0)
		close(dfd);
	json_object_del(rec, "returned_files");
}
