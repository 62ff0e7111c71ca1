/* file_args — see file_args.h. The paths are the caller's own, read on the
 * caller's side before anything runs: the code never had them. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run/file_args.h"
#include "util/util.h"

struct walk {
	struct request *req;
	const char *top; /* the --file as given, for messages */
	size_t added;
};

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int add_one(struct walk *w, char *src, char *name)
{
	const char *problem = request_file_path_problem(name);
	if (problem) {
		error("--file %s: cannot bring '%s': %s; rename it, or give its files one by one",
		      w->top, name, problem);
		free(src);
		free(name);
		return -1;
	}
	if (++w->added > FILE_ARGS_MAX_FILES) {
		free(src);
		free(name);
		return error("--file %s: more than %d files: give a smaller directory, or an "
			     "archive the code unpacks",
			     w->top, FILE_ARGS_MAX_FILES);
	}
	struct request *req = w->req;
	req->files = xrealloc(req->files, (req->nfiles + 1) * sizeof(*req->files));
	req->files[req->nfiles].src = src;
	req->files[req->nfiles].name = name;
	req->nfiles++;
	return 0;
}

/* The directory src (as name in the sandbox), in name order, depth more
 * levels at most. */
static int add_tree(struct walk *w, const char *src, const char *name, int depth)
{
	if (depth > REQUEST_FILE_DEPTH)
		return error("--file %s: %s is more than %d directories deep", w->top, src,
			     REQUEST_FILE_DEPTH);
	DIR *d = opendir(src);
	if (!d)
		return error("--file %s: cannot read %s: %s", w->top, src, strerror(errno));
	char **names = NULL;
	size_t n = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		names = xrealloc(names, (n + 1) * sizeof(*names));
		names[n++] = xstrdup(de->d_name);
	}
	qsort(names, n, sizeof(*names), cmp_names);
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s", src, names[i]),
		     *as = xasprintf("%s/%s", name, names[i]);
		struct stat st;
		if (rc < 0 || fstatat(dirfd(d), names[i], &st, AT_SYMLINK_NOFOLLOW) < 0) {
			if (rc == 0)
				rc = error("--file %s: %s: %s", w->top, path, strerror(errno));
			free(path);
			free(as);
		} else if (S_ISDIR(st.st_mode)) {
			rc = add_tree(w, path, as, depth + 1);
			free(path);
			free(as);
		} else if (S_ISREG(st.st_mode)) {
			rc = add_one(w, path, as);
		} else {
			warning("--file %s: skipped %s: %s", w->top, path,
				S_ISLNK(st.st_mode) ? "links in a directory are not followed"
						    : "not a regular file");
			free(path);
			free(as);
		}
		free(names[i]);
	}
	free(names);
	closedir(d);
	return rc;
}

int file_args_add(struct request *req, const char *spec)
{
	if (request_add_file(req, spec) != 0)
		return -1;
	struct file_spec f = req->files[--req->nfiles];
	struct stat st;
	/* The --file itself may be a link the caller made: followed, as any
	 * command-line path is. */
	if (stat(f.src, &st) != 0) {
		int e = errno;
		error("--file %s: %s%s", f.src, strerror(e),
		      e == ENOENT ? ": check the path (relative paths start in the current "
				    "directory)"
				  : "");
		free(f.src);
		free(f.name);
		return -1;
	}
	struct walk w = {req, f.src, 0};
	int rc;
	if (S_ISDIR(st.st_mode)) {
		rc = add_tree(&w, f.src, f.name, 1);
		free(f.src);
		free(f.name);
	} else if (S_ISREG(st.st_mode)) {
		req->nfiles++; /* back as it was added */
		rc = 0;
	} else {
		rc = error("--file %s: not a regular file or a directory", f.src);
		free(f.src);
		free(f.name);
	}
	return rc;
}
