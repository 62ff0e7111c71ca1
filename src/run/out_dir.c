/* out_dir — see out_dir.h. The directory is the caller's own choice, on the
 * caller's side: nothing of the code's is involved yet, so plain paths are
 * right here (the saving itself goes through an fd of it, workdir_collect.c). */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run/out_dir.h"
#include "util/buf.h"
#include "util/util.h"

static int not_a_directory(const char *path, const char *part)
{
	if (!strcmp(path, part))
		return error(
		    "--out-dir %s: it exists and is not a directory: give a directory, or a "
		    "path to create",
		    path);
	return error("--out-dir %s: %s exists and is not a directory: give a directory, or a "
		     "path to create",
		     path, part);
}

int out_dir_prepare(const char *path)
{
	struct stat st;
	if (!*path)
		return error("--out-dir is empty: give a directory");
	/* Each prefix in turn, as mkdir -p: "a", "a/b", "a/b/c". */
	struct buf part = BUF_INIT;
	int rc = 0;
	for (const char *p = path;; p++) {
		if (*p != '/' && *p)
			continue;
		if (p == path) /* the root of an absolute path */
			continue;
		buf_reset(&part);
		buf_append(&part, path, (size_t)(p - path));
		const char *dir = buf_cstr(&part);
		if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
			rc =
			    error("--out-dir %s: cannot create %s: %s", path, dir, strerror(errno));
			break;
		}
		if (stat(dir, &st) != 0) {
			rc = error("--out-dir %s: %s: %s", path, dir, strerror(errno));
			break;
		}
		if (!S_ISDIR(st.st_mode)) {
			rc = not_a_directory(path, dir);
			break;
		}
		if (!*p)
			break;
	}
	if (rc == 0 && access(path, W_OK | X_OK) != 0)
		rc = error("--out-dir %s: cannot write there: %s", path, strerror(errno));
	buf_release(&part);
	return rc;
}
