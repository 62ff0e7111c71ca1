/* store_lock — the one-writer lock (flock on STATE/deployments/.lock).
 * Readers never take it: versions appear by rename(2). Calls util only. */
#include "state/store.h"
#include "state/store_int.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "util/util.h"

int store_lock(struct store *s)
{
	if (s->lock_fd >= 0)
		return 0;
	if (s->dep_fd < 0)
		return error("no deployments directory under %s", s->state_dir);
	int fd = openat(s->dep_fd, ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return error("cannot open the lock %s/%s/.lock: %s%s", s->state_dir, DEPLOYMENTS,
			     strerror(errno),
			     errno == ELOOP ? " (a symbolic link; remove it)" : "");
	while (flock(fd, LOCK_EX) != 0) {
		if (errno != EINTR) {
			close(fd);
			return error("cannot lock %s/%s/.lock: %s", s->state_dir, DEPLOYMENTS,
				     strerror(errno));
		}
	}
	s->lock_fd = fd;
	return 0;
}

void store_unlock(struct store *s)
{
	if (s->lock_fd >= 0) {
		/* Closing drops the flock. */
		close(s->lock_fd);
		s->lock_fd = -1;
	}
}
