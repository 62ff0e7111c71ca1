/* events_follow — reading and following STATE/events.log (events_log.h).
 *
 * Following waits in poll(2) on an inotify watch of the state directory
 * (no sleeps): an append is IN_MODIFY, a rotation IN_MOVED_TO/IN_CREATE.
 * A rotation is seen as events.log naming another file than the one read;
 * writers never touch a rotated file (events_log.c), so the old one is read
 * to its end before the new one is opened. A line that is not a JSON object
 * (a torn write on a full disk) is skipped.
 */
#include "state/events_log.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/util.h"

#define CHUNK		(64u << 10)
#define EVENTS_MAX_WAKE 4

struct events_reader {
	char log[4096], old[4096];
	int fd;	    /* the file being read; -1: none yet */
	ino_t ino;  /* its inode */
	int old_fd; /* events.log.1, read first (past events) */
	ino_t old_ino;
	int inotify; /* -1 when not following */
	bool follow, skipping;
	uint64_t max_lag;
	char *data; /* CHUNK bytes: [off, len) not yet split into lines */
	size_t off, len;
};

bool events_filter_match(const struct events_filter *f, json_t *ev)
{
	if (!json_is_object(ev) || !f)
		return json_is_object(ev);
	const char *ts = json_string_value(json_object_get(ev, "ts"));
	if (f->since[0] && (!ts || strcmp(ts, f->since) < 0))
		return false;
	if (f->language &&
	    strcmp(f->language, json_string_value(json_object_get(ev, "language")) ?: ""))
		return false;
	if (f->session &&
	    strcmp(f->session, json_string_value(json_object_get(ev, "session")) ?: ""))
		return false;
	json_t *dep = json_object_get(ev, "deployment");
	if (f->deployment &&
	    strcmp(f->deployment, json_string_value(json_object_get(dep, "name")) ?: ""))
		return false;
	json_t *labels = json_object_get(ev, "labels");
	for (size_t i = 0; i < f->nlabels; i++) {
		const char *v = json_string_value(json_object_get(labels, f->labels[i].key));
		if (!v || strcmp(v, f->labels[i].value))
			return false;
	}
	return true;
}

static int open_log(const char *path, ino_t *ino)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	struct stat st;
	if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		*ino = st.st_ino;
		return fd;
	}
	if (fd >= 0)
		close(fd);
	return -1;
}

struct events_reader *events_reader_open(const char *state_dir, bool past, bool follow,
					 uint64_t max_lag)
{
	struct events_reader *r = xcalloc(1, sizeof(*r));
	snprintf(r->log, sizeof(r->log), "%s/%s", state_dir, EVENTS_LOG_NAME);
	snprintf(r->old, sizeof(r->old), "%s/%s", state_dir, EVENTS_LOG_OLD);
	r->fd = r->old_fd = r->inotify = -1;
	r->follow = follow;
	r->max_lag = max_lag;
	r->data = xmalloc(CHUNK);
	/* The watch first: an event appended after it is never missed. */
	if (follow) {
		r->inotify = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
		if (r->inotify < 0 ||
		    inotify_add_watch(r->inotify, state_dir,
				      IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF) < 0) {
			error("cannot watch %s for events: %s", state_dir, strerror(errno));
			events_reader_free(r);
			return NULL;
		}
	}
	r->fd = open_log(r->log, &r->ino);
	if (past) {
		r->old_fd = open_log(r->old, &r->old_ino);
		/* Rotated between the two opens: the old file is the one just
		 * opened as current; its predecessor is gone. */
		if (r->old_fd >= 0 && r->fd >= 0 && r->old_ino == r->ino) {
			close(r->old_fd);
			r->old_fd = -1;
		}
	} else if (r->fd >= 0) {
		lseek(r->fd, 0, SEEK_END);
	}
	return r;
}

bool events_reader_pos(const struct events_reader *r, uint64_t *ino, uint64_t *off)
{
	int fd = r->old_fd >= 0 ? r->old_fd : r->fd;
	off_t end = fd >= 0 ? lseek(fd, 0, SEEK_CUR) : -1;
	if (end < 0 || (uint64_t)end < r->len - r->off)
		return false;
	*ino = (uint64_t)(r->old_fd >= 0 ? r->old_ino : r->ino);
	*off = (uint64_t)end - (r->len - r->off);
	return true;
}

/* fd at off when it is a line's start inside the file. */
static bool seek_in(int fd, uint64_t off)
{
	struct stat st;
	char c;
	if (fstat(fd, &st) != 0 || off > (uint64_t)st.st_size)
		return false;
	if (off > 0 && (pread(fd, &c, 1, (off_t)off - 1) != 1 || c != '\n'))
		return false;
	return lseek(fd, (off_t)off, SEEK_SET) >= 0;
}

bool events_reader_seek(struct events_reader *r, uint64_t ino, uint64_t off)
{
	r->off = r->len = 0;
	r->skipping = false;
	if (r->old_fd >= 0 && (uint64_t)r->old_ino == ino)
		return seek_in(r->old_fd, off);
	if (r->fd >= 0 && (uint64_t)r->ino == ino && seek_in(r->fd, off)) {
		if (r->old_fd >= 0)
			close(r->old_fd);
		r->old_fd = -1;
		return true;
	}
	return false;
}

void events_reader_free(struct events_reader *r)
{
	if (!r)
		return;
	if (r->fd >= 0)
		close(r->fd);
	if (r->old_fd >= 0)
		close(r->old_fd);
	if (r->inotify >= 0)
		close(r->inotify);
	free(r->data);
	free(r);
}

/* A reader too far behind jumps to near the end (max_lag). */
static bool skip_lag(struct events_reader *r, int fd)
{
	struct stat st;
	off_t pos = lseek(fd, 0, SEEK_CUR);
	if (!r->max_lag || pos < 0 || fstat(fd, &st) != 0 ||
	    (uint64_t)(st.st_size - pos) + (r->len - r->off) <= r->max_lag)
		return false;
	lseek(fd, st.st_size - (off_t)(r->max_lag / 2), SEEK_SET);
	r->off = r->len = 0;
	r->skipping = true; /* the rest of the line we landed in */
	return true;
}

/* Reads more of fd behind what is pending: >0 bytes, 0 at its end, -1. */
static ssize_t fill(struct events_reader *r, int fd)
{
	if (r->off > 0) {
		memmove(r->data, r->data + r->off, r->len - r->off);
		r->len -= r->off;
		r->off = 0;
	}
	if (r->len == CHUNK) { /* a line longer than any event: dropped */
		r->len = 0;
		r->skipping = true;
	}
	ssize_t n;
	do
		n = read(fd, r->data + r->len, CHUNK - r->len);
	while (n < 0 && errno == EINTR);
	if (n > 0)
		r->len += (size_t)n;
	return n;
}

/* The next whole line's event from what is pending, else NULL. */
static json_t *take_line(struct events_reader *r)
{
	for (;;) {
		char *start = r->data + r->off;
		char *nl = memchr(start, '\n', r->len - r->off);
		if (!nl)
			return NULL;
		size_t n = (size_t)(nl - start);
		r->off += n + 1;
		if (r->skipping) {
			r->skipping = false;
			continue;
		}
		json_t *ev = json_loadb(start, n, 0, NULL);
		if (json_is_object(ev))
			return ev;
		json_decref(ev);
	}
}

/* Following: has events.log been replaced (rotated) or created? */
static bool log_replaced(struct events_reader *r)
{
	struct stat st;
	if (stat(r->log, &st) != 0)
		return false;
	return r->fd < 0 || st.st_ino != r->ino;
}

/* After a rotation: the new file. events.log.1 not being the file just
 * finished means a whole log went by unread: lagged. */
static bool switch_file(struct events_reader *r)
{
	struct stat st;
	bool lost = r->fd >= 0 && (stat(r->old, &st) != 0 || st.st_ino != r->ino);
	if (r->fd >= 0)
		close(r->fd);
	r->off = r->len = 0;
	r->skipping = false;
	r->fd = open_log(r->log, &r->ino);
	return lost;
}

static void drain_inotify(int fd)
{
	char b[4096] __attribute__((aligned(8)));
	while (read(fd, b, sizeof(b)) > 0)
		;
}

enum events_next events_reader_next(struct events_reader *r, const struct events_filter *f,
				    const int *wake, size_t nwake, int timeout_ms, json_t **ev)
{
	*ev = NULL;
	for (;;) {
		json_t *e;
		while ((e = take_line(r))) {
			if (events_filter_match(f, e)) {
				*ev = e;
				return EVENTS_EVENT;
			}
			json_decref(e);
		}
		int fd = r->old_fd >= 0 ? r->old_fd : r->fd;
		if (fd >= 0 && skip_lag(r, fd))
			return EVENTS_LAGGED;
		ssize_t n = fd >= 0 ? fill(r, fd) : 0;
		if (n > 0)
			continue;
		if (n < 0)
			return error("cannot read %s: %s", r->log, strerror(errno)), EVENTS_ERROR;
		if (r->old_fd >= 0) { /* the past's first file is done */
			close(r->old_fd);
			r->old_fd = -1;
			r->off = r->len = 0;
			r->skipping = false;
			continue;
		}
		if (!r->follow)
			return EVENTS_END;
		if (log_replaced(r)) {
			/* Whatever reached the old file before the rename. */
			if (r->fd >= 0 && fill(r, r->fd) > 0)
				continue;
			if (switch_file(r))
				return EVENTS_LAGGED;
			continue;
		}
		struct pollfd p[1 + EVENTS_MAX_WAKE] = {{r->inotify, POLLIN, 0}};
		size_t np = 1;
		for (size_t i = 0; i < nwake && i < EVENTS_MAX_WAKE; i++)
			p[np++] = (struct pollfd){wake[i], POLLIN, 0};
		int rc = poll(p, np, timeout_ms);
		if (rc < 0 && errno != EINTR)
			return error("cannot wait for events: %s", strerror(errno)), EVENTS_ERROR;
		if (rc == 0)
			return EVENTS_WAKE;
		for (size_t i = 1; i < np; i++)
			if (p[i].revents)
				return EVENTS_WAKE;
		if (p[0].revents)
			drain_inotify(r->inotify);
	}
}
