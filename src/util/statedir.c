#include "util/statedir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/front.h"
#include "util/util.h"

char *statedir_resolve(const char *flag_value, const char *config_value)
{
	if (flag_value && *flag_value)
		return xstrdup(flag_value);
	const char *env = getenv("SBX_STATE_DIR");
	if (env && *env)
		return xstrdup(env);
	if (config_value && *config_value)
		return xstrdup(config_value);
	struct buf b = BUF_INIT;
	const char *xdg = getenv("XDG_STATE_HOME");
	if (xdg && *xdg == '/') {
		buf_printf(&b, "%s/sbx", xdg);
	} else {
		const char *home = getenv("HOME");
		buf_printf(&b, "%s/.local/state/sbx", home && *home ? home : "/tmp");
	}
	return buf_detach(&b, NULL);
}

static int ensure_one(const char *path, mode_t mode)
{
	struct stat st;
	if (mkdir(path, mode) == 0)
		return 0;
	if (errno != EEXIST)
		return error_of(ERROR_INTERNAL, "cannot create state directory %s: %s",
				front_path(path, "(the server's)"), strerror(errno));
	if (lstat(path, &st) != 0)
		return error_of(ERROR_INTERNAL, "cannot use state directory %s: %s",
				front_path(path, "(the server's)"), strerror(errno));
	if (S_ISLNK(st.st_mode))
		return error("%s is a symbolic link; sbx never follows links in its state "
			     "directory: point --state-dir at a real directory",
			     path);
	if (!S_ISDIR(st.st_mode))
		return error("%s is not a directory: point --state-dir elsewhere", path);
	return 0;
}

int statedir_ensure(const char *dir)
{
	struct stat st;
	if (lstat(dir, &st) == 0)
		return ensure_one(dir, 0700);
	/* Create missing parents (mode 0755 like mkdir -p), the leaf 0700. */
	char *copy = xstrdup(dir);
	for (char *p = copy + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(copy, 0755) != 0 && errno != EEXIST) {
			int rc = error("cannot create %s: %s", copy, strerror(errno));
			free(copy);
			return rc;
		}
		*p = '/';
	}
	free(copy);
	return ensure_one(dir, 0700);
}

int statedir_ensure_sub(const char *dir, const char *sub)
{
	if (statedir_ensure(dir) != 0)
		return -1;
	/* Each component of sub ("cache/js") is created 0700 and checked. */
	struct buf b = BUF_INIT;
	buf_printf(&b, "%s/%s", dir, sub);
	char *path = b.data;
	int rc = 0;
	for (char *p = path + strlen(dir) + 1; rc == 0; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char saved = *p;
		*p = '\0';
		rc = ensure_one(path, 0700);
		*p = saved;
		if (saved == '\0')
			break;
	}
	buf_release(&b);
	return rc;
}
