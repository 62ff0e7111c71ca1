/* session_replay — a JavaScript or TypeScript session's saved state: the
 * log of its completed executions' lowered code (engine_duktape_kernel.c
 * says why replay and not a snapshot), the run directory's
 * .sbx/replay.jsonl (reached through its fd), one JSON object a line:
 * {"code": ES5} or {"note": "failed"}, or {"fresh": true} where `session
 * exec --fresh` started anew (nothing before it is replayed).
 *
 * The daemon appends a line after every execution (O_APPEND, once the
 * execution's record is sent; its writer thread, session_persist.c, then
 * fsyncs it: a snapshot's cost would grow with the heap) and a new kernel
 * gets the whole log in its hello. A line cut by
 * kill -9 or a crash has no newline: it is dropped on reading, and the
 * next append starts a fresh line, so nothing half-written is replayed.
 * May call: session_store (paths), sandbox (workdir names), util, libc.
 */
#include "session/session_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox/workdir.h"
#include "util/util.h"

#define REPLAY_NAME "replay.jsonl" /* in WORKDIR_PRIVATE */
#define REPLAY_MAX  (256u << 20)   /* beyond this the session cannot be restored */

static bool is_js(json_t *m)
{
	const char *l = json_string_value(json_object_get(m, "language"));
	return l && (!strcmp(l, "javascript") || !strcmp(l, "typescript"));
}

/* The kernel's log (m, its view: session_kernels.c): the session's own
 * language's is REPLAY_NAME, another's "replay.LANG.jsonl". */
static const char *replay_name(json_t *m)
{
	const char *name = json_string_value(json_object_get(m, "replay"));
	return name ? name : REPLAY_NAME;
}

void session_replay_hello(json_t *m, int priv_fd, json_t *hello)
{
	struct buf b = BUF_INIT;
	if (!is_js(m))
		return;
	int fd = openat(priv_fd, replay_name(m), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    read_fd(fd, REPLAY_MAX, &b) < 0) {
		if (fd >= 0)
			close(fd);
		buf_release(&b);
		return; /* none yet: a new session (not "restored") */
	}
	close(fd);
	json_t *log = json_array();
	const char *p = b.data, *end = b.data + b.len;
	while (p && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			break; /* cut short: never replayed */
		json_t *e = json_loadb(p, (size_t)(nl - p), 0, NULL);
		if (json_is_object(e) && json_object_get(e, "fresh"))
			json_array_clear(log); /* session exec --fresh: a new start */
		else if (json_is_object(e))
			json_array_append(log, e);
		json_decref(e);
		p = nl + 1;
	}
	json_object_set_new(hello, "replay", log);
	buf_release(&b);
}

int session_replay_save(json_t *m, int priv_fd, json_t *saved)
{
	json_t *code = json_object_get(saved, "replay");
	bool appended = false;
	if (!is_js(m))
		return -1;
	double t0 = now_monotonic_ms();
	json_t *e = json_object_get(saved, "fresh") ? json_pack("{s:b}", "fresh", 1)
		    : code			    ? json_pack("{s:O}", "code", code)
						    : json_pack("{s:s}", "note", "failed");
	char *line = json_dumps(e, JSON_COMPACT);
	json_decref(e);
	/* Through sbx's own directory's fd, never a link: the code may have
	 * shared this uid and left one. */
	int fd = openat(priv_fd, replay_name(m),
			O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	struct stat st;
	if (!line || fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		warning("cannot save the session's state to its replay log: %s",
			fd >= 0 ? "not a regular file" : strerror(errno));
		json_object_set_new(saved, "unsaved", json_pack("[s]", "the state (not written)"));
	} else if ((uint64_t)st.st_size + strlen(line) + 2 > REPLAY_MAX) {
		/* Bounded: what a restore could not read is never written. */
		json_object_set_new(saved, "unsaved",
				    json_pack("[s]", "the executions after the replay log reached "
						     "256 MiB (the session cannot save more)"));
	} else {
		char last = '\n';
		/* After a cut line, a fresh one. */
		if (st.st_size > 0 && pread(fd, &last, 1, st.st_size - 1) == 1 && last != '\n')
			(void)write_all(fd, "\n", 1);
		if (write_all(fd, line, strlen(line)) < 0 || write_all(fd, "\n", 1) < 0)
			warning("cannot save the session's state to its replay log: %s",
				strerror(errno));
		else
			appended = true;
		if (fstat(fd, &st) == 0)
			json_object_set_new(saved, "bytes", json_integer((json_int_t)st.st_size));
	}
	if (fd >= 0 && !appended)
		close(fd), fd = -1;
	free(line);
	json_object_set_new(saved, "ms", json_real(now_monotonic_ms() - t0));
	return fd;
}
