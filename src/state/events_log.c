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

/* x cut to at most max bytes, before a UTF-8 continuation byte, if it is a
 * longer string; else NULL. */
static json_t *cut_string(json_t *x, size_t max)
{
	if (!json_is_string(x) || json_string_length(x) <= max)
		return NULL;
	const char *s = json_string_value(x);
	size_t n = max;
	while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	return json_stringn(s, n);
}

/* Cuts every string in v (objects and arrays, recursively) to max bytes. */
static void cap_strings(json_t *v, size_t max)
{
	const char *k;
	json_t *x, *cut;
	size_t i;
	json_object_foreach(v, k, x)
	{
		if ((cut = cut_string(x, max)))
			json_object_set_new(v, k, cut);
		else
			cap_strings(x, max);
	}
	json_array_foreach(v, i, x)
	{
		if ((cut = cut_string(x, max)))
			json_array_set_new(v, i, cut);
		else
			cap_strings(x, max);
	}
}

/* The line for ev, shrunk to fit one atomic write. An event is never
 * dropped (a follower that saw execution_started waits for its end): the
 * finding's detail goes first, then the labels, then every string is cut
 * shorter and shorter (an error name of the code's, a deployment's name).
 * Any of it sets "truncated": true. Strings of at most 16 bytes, escaped
 * six bytes a character, fit whatever the event. */
static int encode(json_t *ev, struct buf *line)
{
	static const size_t caps[] = {512, 128, 16};
	for (size_t pass = 0;; pass++) {
		buf_reset(line);
		jsonout_append(line, ev);
		buf_append(line, "\n", 1);
		if (line->len <= EVENTS_LINE_MAX)
			return 0;
		if (pass == 0 && json_object_get(ev, "finding")) {
			json_t *f = json_object_get(ev, "finding");
			json_object_set_new(
			    ev, "finding", json_pack("{s:O?}", "rule", json_object_get(f, "rule")));
		} else if (pass <= 1) {
			json_object_set_new(ev, "labels", json_object());
			json_object_del(ev, "finding");
		} else if (pass - 2 < sizeof caps / sizeof caps[0]) {
			cap_strings(ev, caps[pass - 2]);
		} else {
			return -1; /* cannot happen: the keys of an event are few */
		}
		json_object_set_new(ev, "truncated", json_true());
	}
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
		ret = 0; /* cannot happen: every string was cut short */
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
