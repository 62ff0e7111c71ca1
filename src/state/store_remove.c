/* store_remove — taking versions and deployments out (rename aside, then
 * remove), and clearing what killed writers left behind. Calls rmtree and
 * util, and the shared helpers of store_int.h. */
#include "state/store.h"
#include "state/store_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/rmtree.h"
#include "util/util.h"

/* Removes dirfd/name and everything below it without following links
 * (rmtree.c: iterative, no deadline for sbx's own trees). */
int store_remove_tree_at(int dfd, const char *name)
{
	return rmtree_at(dfd, name, 0) == 0 ? 0 : -1;
}

/* Removes leftovers inside one deployment directory; returns how many. */
unsigned store_clean_name_dir(int name_fd)
{
	unsigned removed = 0;
	DIR *d = store_opendir_fd(name_fd);
	if (!d)
		return 0;
	/* Collect first: removing while reading a directory may skip entries. */
	char **stale = NULL;
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (!strncmp(e->d_name, TMP_PREFIX, strlen(TMP_PREFIX)) ||
		    !strncmp(e->d_name, DEL_PREFIX, strlen(DEL_PREFIX))) {
			stale = xrealloc(stale, (n + 1) * sizeof(*stale));
			stale[n++] = xstrdup(e->d_name);
		}
	}
	closedir(d);
	for (size_t i = 0; i < n; i++) {
		if (store_remove_tree_at(name_fd, stale[i]) == 0)
			removed++;
		free(stale[i]);
	}
	free(stale);
	return removed;
}

/* True when a deployment directory holds nothing but its leftovers. */
bool store_name_dir_empty(int name_fd)
{
	DIR *d = store_opendir_fd(name_fd);
	if (!d)
		return false;
	bool empty = true;
	struct dirent *e;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			empty = false;
			break;
		}
	closedir(d);
	return empty;
}

int store_clean(struct store *s, unsigned *removed)
{
	*removed = 0;
	if (s->dep_fd < 0)
		return 0;
	if (s->lock_fd < 0)
		return error("internal: store_clean without the lock");
	DIR *d = store_opendir_fd(s->dep_fd);
	if (!d)
		return error("cannot read %s/%s: %s", s->state_dir, DEPLOYMENTS, strerror(errno));
	char **todo = NULL;
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' && strncmp(e->d_name, DEL_PREFIX, strlen(DEL_PREFIX)))
			continue;
		todo = xrealloc(todo, (n + 1) * sizeof(*todo));
		todo[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	for (size_t i = 0; i < n; i++) {
		if (!strncmp(todo[i], DEL_PREFIX, strlen(DEL_PREFIX))) {
			if (store_remove_tree_at(s->dep_fd, todo[i]) == 0)
				(*removed)++;
		} else if (store_name_ok(todo[i])) {
			int nfd = openat(s->dep_fd, todo[i], DIR_FLAGS);
			if (nfd >= 0) {
				*removed += store_clean_name_dir(nfd);
				/* A directory left by a writer killed before its
				 * first version was committed. */
				if (store_name_dir_empty(nfd) &&
				    unlinkat(s->dep_fd, todo[i], AT_REMOVEDIR) == 0)
					(*removed)++;
				close(nfd);
			}
		}
		free(todo[i]);
	}
	free(todo);
	return 0;
}

int store_delete(struct store *s, const char *name, int version)
{
	if (store_check_name(name) != 0)
		return -1;
	if (s->dep_fd < 0)
		return store_not_found(s, name);
	if (store_lock(s) != 0)
		return -1;
	int rc = -1;
	char *where = store_version_path(s, name, version);
	int nfd = store_open_name(s, name);
	int *vs = NULL;
	size_t n = 0;
	if (nfd == -1)
		goto out;
	if (nfd >= 0 && store_versions_in(nfd, &vs, &n) != 0) {
		error("cannot read %s: %s", where, strerror(errno));
		goto out;
	}
	if (n == 0) {
		store_not_found(s, name);
		goto out;
	}
	bool found = version == 0;
	for (size_t i = 0; i < n; i++)
		found |= vs[i] == version;
	if (!found) {
		store_no_version(name, version, 0);
		goto out;
	}
	/* Renamed aside first (atomic: readers see all or nothing), then
	 * removed; a crash in between leaves a .del- entry for the next
	 * writer to finish. */
	char aside[STORE_NAME_MAX + 48];
	snprintf(aside, sizeof(aside), DEL_PREFIX "%s-%ld", name, (long)getpid());
	int from_fd = version ? nfd : s->dep_fd;
	char num[16];
	snprintf(num, sizeof(num), "%d", version);
	if (version && n == 1) {
		/* The last version: the whole deployment goes. */
		from_fd = s->dep_fd;
		version = 0;
	}
	if (renameat(from_fd, version ? num : name, from_fd, aside) != 0) {
		error("cannot remove %s: %s", where, strerror(errno));
		goto out;
	}
	fsync(from_fd);
	if (store_remove_tree_at(from_fd, aside) != 0)
		warning("could not remove all of %s; `sbx gc` will finish it", where);
	rc = 0;
out:
	if (nfd >= 0)
		close(nfd);
	free(vs);
	free(where);
	store_unlock(s);
	return rc;
}
