/* store_int — what the store_*.c files share and no one else may use: the
 * names of the layout and the fd-relative helpers. Private to the store
 * (as curl keeps vtls_int.h to vtls/): callers use store.h. */
#ifndef SBX_STORE_INT_H
#define SBX_STORE_INT_H

#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>

#include "state/store.h"

#define DIR_FLAGS   (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
#define DEPLOYMENTS "deployments"
#define TMP_PREFIX  ".tmp-"
#define DEL_PREFIX  ".del-"

/* store.c: a DIR stream of its own for dfd (closedir it). */
DIR *store_opendir_fd(int dfd);
/* store.c: openat(dfd, name) as a directory, refusing links; -2 (no
 * message) when it does not exist, -1 after a message naming where. */
int store_open_dir_at(int dfd, const char *name, const char *where);

/* store_names.c: a version directory's name, 1..STORE_VERSION_MAX; -1 if
 * it is not one. */
int store_parse_version(const char *s);

/* store_read.c: NAME's directory (-2: none, -1: after a message); the
 * versions in it, ascending; whether relpath is plain names only; the fd
 * of the directory holding relpath's last component (mkdirs: create the
 * missing ones), with *leaf set to that component. */
int store_open_name(struct store *s, const char *name);
int store_versions_in(int name_fd, int **versions, size_t *n);
bool store_relpath_ok(const char *relpath);
int store_walk_parent(int dfd, const char *relpath, bool mkdirs, const char **leaf);

/* store_remove.c: removes dfd/name and all below it, no links followed;
 * removes the temp and half-deleted entries in a deployment directory
 * (returns how many); whether a deployment directory is empty. */
int store_remove_tree_at(int dfd, const char *name);
unsigned store_clean_name_dir(int name_fd);
bool store_name_dir_empty(int name_fd);

/* The not-found errors, worded for the front that asked (util/front.h):
 * the state directory and the command to run on the command line, the
 * route or tool elsewhere. latest: 0 when not said. Return -1. */
int store_not_found(const struct store *s, const char *name);
int store_no_version(const char *name, int version, int latest);

#endif
