/* store — opening the deployments directory of a state directory, and the
 * fd-relative helpers the other store_*.c files share (store_int.h).
 * Calls util and statedir; and config, for store_state_dir only (the config
 * file may name the state directory): an arrow up to core that the layer
 * cut has still to settle. */
#include "state/store.h"
#include "state/store_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/config.h"
#include "util/statedir.h"
#include "util/util.h"

/* A DIR stream of its own for dirfd: a dup() would share the read offset
 * with dirfd, so a second scan would start at the end. */
DIR *store_opendir_fd(int dfd)
{
	int fd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	DIR *d = fdopendir(fd);
	if (!d)
		close(fd);
	return d;
}

char *store_state_dir(const char *flag, const char *config_flag)
{
	/* The config file may name the state directory, so it is read here for
	 * the commands that do not go through runopt_finish (list, get, delete). */
	struct config cfg;
	if (config_load(config_flag, &cfg) != 0) {
		config_release(&cfg);
		return NULL;
	}
	char *dir = statedir_resolve(flag, config_state_dir(&cfg));
	config_release(&cfg);
	return dir;
}

/* ---- opening ------------------------------------------------------------ */

static int refuse_link(int dfd, const char *name, const char *where)
{
	struct stat st;
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
		return error("%s is a symbolic link; sbx never follows links in its state "
			     "directory: remove it",
			     where);
	return -1;
}

/* openat(dfd, name) as a directory, refusing links; ENOENT is returned as
 * -2 without a message so callers can treat "missing" as empty. */
int store_open_dir_at(int dfd, const char *name, const char *where)
{
	int fd = openat(dfd, name, DIR_FLAGS);
	if (fd >= 0)
		return fd;
	int e = errno;
	if (e == ENOENT)
		return -2;
	if (e == ELOOP || e == ENOTDIR) {
		if (refuse_link(dfd, name, where) == -1 && e == ELOOP)
			return -1;
		if (e == ENOTDIR)
			return error("%s is not a directory: remove it", where);
		return -1;
	}
	return error("cannot open %s: %s", where, strerror(e));
}

int store_open(struct store *s, const char *state_dir, bool create)
{
	s->state_dir = xstrdup(state_dir);
	s->state_fd = s->dep_fd = s->lock_fd = -1;
	if (create && statedir_ensure_sub(state_dir, DEPLOYMENTS) != 0)
		goto fail;
	/* The state directory itself is the user's choice and may be reached
	 * through links; everything below it is opened without following any. */
	s->state_fd = open(state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (s->state_fd < 0) {
		if (errno == ENOENT && !create)
			return 0;
		error_of(ERROR_INTERNAL, "cannot open state directory %s: %s", state_dir,
			 strerror(errno));
		goto fail;
	}
	char *where = store_version_path(s, NULL, 0);
	s->dep_fd = store_open_dir_at(s->state_fd, DEPLOYMENTS, where);
	free(where);
	if (s->dep_fd == -2) {
		s->dep_fd = -1;
		if (!create)
			return 0;
		error("cannot create %s/%s", state_dir, DEPLOYMENTS);
		goto fail;
	}
	if (s->dep_fd < 0)
		goto fail;
	return 0;
fail:
	store_close(s);
	return -1;
}

void store_close(struct store *s)
{
	store_unlock(s);
	if (s->dep_fd >= 0)
		close(s->dep_fd);
	if (s->state_fd >= 0)
		close(s->state_fd);
	free(s->state_dir);
	s->state_dir = NULL;
	s->state_fd = s->dep_fd = -1;
}

char *store_version_path(const struct store *s, const char *name, int version)
{
	struct buf b = BUF_INIT;
	buf_printf(&b, "%s/%s", s->state_dir ? s->state_dir : ".", DEPLOYMENTS);
	if (name)
		buf_printf(&b, "/%s", name);
	if (name && version > 0)
		buf_printf(&b, "/%d", version);
	return buf_detach(&b, NULL);
}
