/* history_log — the write path: every run appends one line of JSON to
 * STATE/history.log with a single write(2). A run never opens SQLite: its
 * fixed cost per process (open, schema read, WAL index rebuild, a
 * transaction) was ~1 ms a run. Part of the state layer: calls libc,
 * jansson, statedir, util and the history import (for an overgrown log).
 */
#include "state/history.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/buf.h"
#include "state/history_db.h"
#include "util/jsonout.h"
#include "util/statedir.h"
#include "util/util.h"

#define HISTORY_LOG_IMPORT_BYTES (1 << 20) /* a run imports a log this large */
#define HISTORY_APPEND_TRIES	 4	   /* reopens when an importer took the file away */

static const char *json_str(json_t *obj, const char *key)
{
	json_t *v = obj ? json_object_get(obj, key) : NULL;
	return json_is_string(v) ? json_string_value(v) : NULL;
}

void history_entry_from(struct history_entry *e, const struct request *req,
			const struct outcome *out)
{
	memset(e, 0, sizeof(*e));
	e->id = req->id;
	e->time_ms = (int64_t)now_wall_ms();
	e->language = req->lang ? req->lang->name : "unknown";
	e->deployment = req->deployment_name;
	e->deployment_version = req->deployment_version;
	e->status = status_name(out->status);
	e->ok = out->status == STATUS_OK;
	e->exited = out->exited;
	e->exit_code = out->exit_code;
	e->signal = out->signal;
	e->code_sha256 = req->code_sha256;
	e->code = req->code ? req->code : "";
	e->code_len = req->code ? req->code_len : 0;
	e->code_bytes = e->code_len;
	e->error_name = json_str(out->error, "name");
	e->error_message = json_str(out->error, "message");
	e->wall_ms = out->wall_ms;
	e->cpu_ms = out->cpu_ms;
	e->memory_peak_kb = out->memory_peak_kb;
	e->timed_out = out->status == STATUS_TIMEOUT;
	e->stdout_bytes = out->out.total;
	e->stderr_bytes = out->err.total;
	e->stdout_head = out->out.kept.data;
	e->stdout_head_len = out->out.kept.len;
	e->stderr_head = out->err.kept.data;
	e->stderr_head_len = out->err.kept.len;
	e->labels = req->labels;
	e->nlabels = req->nlabels;
}

/* The advice that goes with a failed append, by errno. */
static const char *append_hint(int err)
{
	switch (err) {
	case EACCES:
	case EPERM:
	case EROFS: return "make it and its directory writable, or use --state-dir or --no-history";
	case ENOSPC:
	case EDQUOT: return "the disk is full";
	case ELOOP: return "sbx follows no links in its state directory: remove the link";
	default: return "--no-history skips recording";
	}
}

int history_append(const char *state_dir, const struct history_entry *e)
{
	struct buf line = BUF_INIT;
	history_entry_line(e, &line);
	int ret = history_append_line(state_dir, line.data, line.len);
	buf_release(&line);
	return ret;
}

int history_append_line(const char *state_dir, const char *data, size_t len)
{
	if (!state_dir || !*state_dir) {
		warning(
		    "history not recorded: no state directory; set --state-dir or SBX_STATE_DIR");
		return -1;
	}
	char *path = history_state_file(state_dir, HISTORY_LOG_NAME);
	int fd = -1, ret = -1;
	if (len > HISTORY_MAX_LINE) {
		warning("this run was not recorded in %s: its record is %zu bytes, more than %d; "
			"use fewer or shorter --label values",
			path, len, HISTORY_MAX_LINE);
		goto out;
	}
	if (statedir_ensure(state_dir) != 0) {
		warning(
		    "this run was not recorded in %s: the state directory is unusable (see above)",
		    path);
		goto out;
	}
	for (int tries = 1;; tries++) {
		fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0)
			goto fail;
		/* A shared lock while writing. An importer renames the file, then
		 * locks it exclusively before reading: so it never reads a line
		 * still being written, and a write that began before the rename
		 * lands in what it reads. Writers never wait for each other. */
		struct stat st;
		int rc;
		while ((rc = flock(fd, LOCK_SH)) != 0 && errno == EINTR)
			;
		if (rc != 0 || fstat(fd, &st) != 0)
			goto fail;
		if (!S_ISREG(st.st_mode)) {
			warning("this run was not recorded in %s: not a regular file; remove it",
				path);
			goto out;
		}
		if (st.st_nlink > 0)
			break;
		/* Imported and unlinked between our open and our lock: whatever
		 * is written to it now is lost, so open the new history.log. */
		close(fd);
		fd = -1;
		if (tries == HISTORY_APPEND_TRIES) {
			errno = EAGAIN;
			goto fail;
		}
	}
	/* One write(2) of one whole line: O_APPEND places it atomically after
	 * every other writer's, so lines never interleave. No fsync: like
	 * synchronous=NORMAL, a power loss may drop the last records. */
	ssize_t n;
	while ((n = write(fd, data, len)) < 0 && errno == EINTR)
		;
	if (n == (ssize_t)len) {
		ret = 0;
		goto out;
	}
	if (n >= 0)
		errno = ENOSPC; /* a short write to a file: the disk or a quota is full */
fail:
	warning("this run was not recorded in %s: %s; %s", path, strerror(errno),
		append_hint(errno));
out:
	if (fd >= 0)
		close(fd); /* and the lock with it */
	free(path);
	return ret;
}

int history_record(const struct request *req, const struct outcome *out, int retention_days)
{
	/* A run never opens the database: the log is imported, with the
	 * retention applied, by stats, gc and get, and by the run that finds
	 * it past HISTORY_LOG_IMPORT_BYTES, so a machine that only ever runs
	 * keeps a bounded log (that run pays ~40 ms, once per ~2,000). */
	if (req->no_history)
		return 0;
	struct history_entry e;
	history_entry_from(&e, req, out);
	int rc = history_append(req->state_dir, &e);
	char *log = history_state_file(req->state_dir, HISTORY_LOG_NAME);
	struct stat st;
	uint64_t deleted = 0;
	if (rc == 0 && stat(log, &st) == 0 && st.st_size > HISTORY_LOG_IMPORT_BYTES)
		history_import_pending(req->state_dir, retention_days, e.time_ms, false, true,
				       "could not import the recorded runs into", &deleted);
	free(log);
	return rc;
}
