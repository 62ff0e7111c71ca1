/* events_log — the write path of STATE/events.log (events_log.h). */
#include "state/events_log.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/buf.h"
#include "util/jsonout.h"
#include "util/statedir.h"
#include "util/util.h"

uint64_t events_log_max(void)
{
	const char *s = getenv("SBX_EVENTS_LOG_MAX");
	char *end;
	if (!s || !*s)
		return EVENTS_LOG_MAX;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || *end || v < 4096)
		return EVENTS_LOG_MAX;
	return v;
}

/* The line for ev, shrunk to fit one atomic write: the finding's detail,
 * then the labels go first (they are the only parts of unbounded size). */
static int encode(json_t *ev, struct buf *line)
{
	for (int pass = 0; pass < 3; pass++) {
		buf_reset(line);
		jsonout_append(line, ev);
		buf_append(line, "\n", 1);
		if (line->len <= EVENTS_LINE_MAX)
			return 0;
		if (pass == 0 && json_object_get(ev, "finding")) {
			json_t *f = json_object_get(ev, "finding");
			json_object_set_new(
			    ev, "finding", json_pack("{s:O?}", "rule", json_object_get(f, "rule")));
		} else {
			json_object_set_new(ev, "labels", json_object());
			json_object_del(ev, "finding");
		}
		json_object_set_new(ev, "truncated", json_true());
	}
	return line->len <= EVENTS_LINE_MAX ? 0 : -1;
}

static void warn_once(const char *path, int err)
{
	static bool warned;
	if (warned)
		return;
	warned = true;
	warning("execution events are not published: cannot write %s: %s (the run is not "
		"affected; check the state directory's permissions)",
		path, strerror(err));
}

/* Past the cap: renamed to events.log.1 under the exclusive lock, which
 * waits for every writer of the old file to be done with it. */
static void rotate(const char *log, const char *old, int lock_fd, uint64_t cap)
{
	if (flock(lock_fd, LOCK_EX) != 0)
		return;
	struct stat st;
	if (stat(log, &st) == 0 && (uint64_t)st.st_size > cap)
		rename(log, old);
	flock(lock_fd, LOCK_UN);
}

int events_log_append(const char *state_dir, json_t *ev)
{
	struct buf line = BUF_INIT;
	char log[4096], old[4096], lockp[4096];
	int ret = -1, lock_fd = -1, fd = -1, err = 0;
	snprintf(log, sizeof(log), "%s/%s", state_dir, EVENTS_LOG_NAME);
	snprintf(old, sizeof(old), "%s/%s", state_dir, EVENTS_LOG_OLD);
	snprintf(lockp, sizeof(lockp), "%s/%s", state_dir, EVENTS_LOCK_NAME);
	if (encode(ev, &line) != 0) {
		ret = 0; /* cannot happen with the fields runs give; nothing to say */
		goto out;
	}
	lock_fd = open(lockp, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	/* The first run on a new state directory: it is made here as the
	 * history would make it. */
	if (lock_fd < 0 && errno == ENOENT && statedir_ensure(state_dir) == 0)
		lock_fd = open(lockp, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (lock_fd < 0 || flock(lock_fd, LOCK_SH) != 0) {
		err = errno;
		warn_once(lockp, err);
		goto out;
	}
	fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0) {
		warn_once(log, errno);
		goto out;
	}
	ssize_t n = write(fd, line.data, line.len);
	if (n != (ssize_t)line.len) {
		warn_once(log, n < 0 ? errno : ENOSPC);
		goto out;
	}
	ret = 0;
	struct stat st;
	uint64_t cap = events_log_max();
	bool full = fstat(fd, &st) == 0 && (uint64_t)st.st_size > cap;
	close(fd);
	fd = -1;
	flock(lock_fd, LOCK_UN);
	if (full)
		rotate(log, old, lock_fd, cap);
out:
	if (fd >= 0)
		close(fd);
	if (lock_fd >= 0)
		close(lock_fd);
	buf_release(&line);
	return ret;
}
