#include "run/results_save.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/results.h"
#include "util/util.h"

static const struct {
	const char *mime, *ext;
} exts[] = {
    {"image/png", "png"},	{"image/jpeg", "jpg"}, {"image/gif", "gif"},
    {"image/svg+xml", "svg"},	{"text/html", "html"}, {"text/markdown", "md"},
    {"text/plain", "txt"},	{"text/latex", "tex"}, {"application/json", "json"},
    {"application/pdf", "pdf"}, {"text/csv", "csv"},   {"application/javascript", "js"},
};

static const char *ext_of(const char *mime)
{
	for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++)
		if (!strcmp(exts[i].mime, mime))
			return exts[i].ext;
	return "bin";
}

/* Writes all of data to a new file name in dfd: 0, or an errno. */
static int write_new(int dfd, const char *name, const void *data, size_t len)
{
	int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return errno;
	const char *p = data;
	while (len) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int e = n < 0 ? errno : EIO;
			close(fd);
			unlinkat(dfd, name, 0); /* never half a file */
			return e;
		}
		p += n;
		len -= (size_t)n;
	}
	return close(fd) < 0 ? errno : 0;
}

static void save_one(int dfd, json_t *entry, unsigned *counts)
{
	const char *mime = json_string_value(json_object_get(entry, "mime"));
	json_t *data = json_object_get(entry, "data");
	const char *ext = ext_of(mime);
	size_t k = 0;
	while (k < sizeof exts / sizeof exts[0] && strcmp(exts[k].ext, ext))
		k++; /* "bin" counts in the last slot */
	unsigned nth = ++counts[k];
	char name[64];
	snprintf(name, sizeof name, "%s-%u.%s", strncmp(mime, "image/", 6) ? "result" : "figure",
		 nth, ext);
	if (json_is_true(json_object_get(entry, "truncated"))) {
		json_object_set_new(
		    entry, "note",
		    json_string("not saved: over the output limit (raise --max-output)"));
		return;
	}
	size_t len = json_string_length(data);
	const char *text = json_string_value(data);
	int e;
	if (results_mime_is_base64(mime)) {
		unsigned char *bin = xmalloc(len / 4 * 3 + 3);
		long n = results_base64_decode(text, len, bin, len / 4 * 3 + 3);
		e = n < 0 ? EINVAL : write_new(dfd, name, bin, (size_t)n);
		free(bin);
	} else {
		e = write_new(dfd, name, text, len);
	}
	if (!e) {
		json_object_set_new(entry, "file", json_string(name));
		return;
	}
	char note[160];
	snprintf(note, sizeof note, "not saved as %s: %s", name,
		 e == EEXIST   ? "the name is taken in the out dir"
		 : e == EINVAL ? "the data is not base64"
			       : strerror(e));
	json_object_set_new(entry, "note", json_string(note));
}

int results_save(struct outcome *out, const struct request *req)
{
	if (!req->out_dir || json_array_size(out->results) == 0)
		return 0;
	if (mkdir(req->out_dir, 0755) < 0 && errno != EEXIST)
		return error("--out-dir %s: %s", req->out_dir, strerror(errno));
	int dfd = open(req->out_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return error("--out-dir %s: %s", req->out_dir, strerror(errno));
	unsigned counts[sizeof exts / sizeof exts[0] + 1] = {0};
	size_t i;
	json_t *entry;
	json_array_foreach(out->results, i, entry) save_one(dfd, entry, counts);
	close(dfd);
	return 0;
}
