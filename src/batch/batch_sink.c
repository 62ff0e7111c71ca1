/* batch_sink — records out: NDJSON lines on stdout, or appended to --out
 * (one write(2) per record, fdatasync at most BATCH_FSYNC_MS apart and at
 * the end, so kill -9 loses at most the last second and can tear only the
 * last line); --format text draws a table row per record, --format json
 * prints one document at the end.
 *
 * --resume reads --out first: every complete line's "request_id" is done;
 * a torn last line (no newline: the write a kill interrupted) is cut off. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch/batch_int.h"
#include "util/util.h"
#include "util/textout.h"

static int load_done(int fd, const char *path, struct idset *done)
{
	FILE *f = fdopen(dup(fd), "r");
	if (!f)
		return error("cannot read %s: %s", path, strerror(errno));
	char *line = NULL;
	size_t cap = 0, n = 0;
	ssize_t len;
	off_t good = 0;
	int rc = 0;
	while ((len = getline(&line, &cap, f)) > 0) {
		n++;
		if (line[len - 1] != '\n')
			break; /* torn: cut below */
		json_t *rec = json_loadb(line, (size_t)len, JSON_ALLOW_NUL, NULL);
		const char *id = json_string_value(json_object_get(rec, "request_id"));
		if (!id) {
			json_decref(rec);
			rc =
			    error("%s line %zu is not a batch record (no \"request_id\"): --resume "
				  "continues a file sbx batch --out wrote; give another --out",
				  path, n);
			break;
		}
		idset_add(done, id);
		json_decref(rec);
		good += len;
	}
	free(line);
	fclose(f);
	struct stat st;
	if (rc == 0 && fstat(fd, &st) == 0 && st.st_size > good) {
		warning("%s: cut a torn last line (%lld bytes) left by an interrupted batch", path,
			(long long)(st.st_size - good));
		if (ftruncate(fd, good) != 0 || fsync(fd) != 0)
			return error("cannot repair %s: %s", path, strerror(errno));
	}
	return rc;
}

int sink_open(struct batch_sink *s, const struct batch_options *o, struct idset *done)
{
	memset(s, 0, sizeof(*s));
	s->o = o;
	s->out_fd = -1;
	s->last_sync = batch_now();
	if (o->format == BATCH_JSON)
		s->all = json_array();
	if (!o->out_path)
		return 0;
	s->out_fd = open(o->out_path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (s->out_fd < 0)
		return error("cannot open --out %s: %s", o->out_path, strerror(errno));
	if (o->resume)
		return load_done(s->out_fd, o->out_path, done);
	struct stat st;
	if (fstat(s->out_fd, &st) == 0 && st.st_size > 0)
		return error("--out %s already holds records: add --resume to continue that batch, "
			     "or remove the file to start over",
			     o->out_path);
	return 0;
}

static int sink_write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

static void text_row(struct batch_sink *s, json_t *rec)
{
	if (!s->text_header) {
		text_printf(stdout, "%-6s %-20s %-11s %-15s %5s %-8s %10s\n", "LINE", "REQUEST_ID",
			    "LANGUAGE", "STATUS", "EXIT", "VERDICT", "WALL_MS");
		s->text_header = true;
	}
	const char *lang = json_string_value(json_object_get(rec, "language"));
	const char *verdict = json_string_value(json_object_get(rec, "verdict"));
	json_t *code = json_object_get(rec, "exit_code");
	json_t *wall = json_object_get(json_object_get(rec, "time_ms"), "wall");
	char exit_s[16] = "-", wall_s[32] = "-";
	if (json_is_integer(code))
		snprintf(exit_s, sizeof(exit_s), "%lld", (long long)json_integer_value(code));
	if (json_is_number(wall))
		snprintf(wall_s, sizeof(wall_s), "%.1f", json_number_value(wall));
	text_printf(stdout, "%-6lld %-20.20s %-11s %-15s %5s %-8s %10s\n",
		    (long long)json_integer_value(json_object_get(rec, "line")),
		    json_string_value(json_object_get(rec, "request_id")), lang ? lang : "-",
		    json_string_value(json_object_get(rec, "status")), exit_s,
		    verdict ? verdict : "-", wall_s);
	json_t *err = json_object_get(rec, "error");
	const char *status = json_string_value(json_object_get(rec, "status"));
	if (status && !strcmp(status, "sbx_error") && json_is_object(err))
		text_printf(stdout, "       %s\n",
			    json_string_value(json_object_get(err, "message")));
}

int sink_write(struct batch_sink *s, json_t *rec)
{
	int rc = 0;
	char *line = json_dumps(rec, JSON_COMPACT | JSON_PRESERVE_ORDER);
	if (!line) {
		json_decref(rec);
		return error("cannot encode a record (out of memory)");
	}
	size_t n = strlen(line);
	line[n] = '\n'; /* json_dumps' NUL goes: the line is written by length */
	if (s->out_fd >= 0) {
		if (sink_write_all(s->out_fd, line, n + 1) != 0)
			rc = error("cannot write to --out %s: %s", s->o->out_path, strerror(errno));
		double now = batch_now();
		if (rc == 0 && (now - s->last_sync) * 1000 >= BATCH_FSYNC_MS) {
			fdatasync(s->out_fd);
			s->last_sync = now;
		}
	}
	if (s->out_fd < 0 || s->o->format_given) {
		if (s->o->format == BATCH_NDJSON) {
			fwrite(line, 1, n + 1, stdout);
			fflush(stdout);
		} else if (s->o->format == BATCH_TEXT) {
			text_row(s, rec);
			fflush(stdout);
		} else {
			json_array_append(s->all, rec);
		}
	}
	free(line);
	json_decref(rec);
	return rc;
}

int sink_close(struct batch_sink *s, json_t *summary)
{
	int rc = 0;
	if (s->out_fd >= 0) {
		if (fsync(s->out_fd) != 0 || close(s->out_fd) != 0)
			rc = error("cannot write to --out %s: %s", s->o->out_path, strerror(errno));
		s->out_fd = -1;
	}
	if (s->all) {
		json_t *doc = json_object();
		json_object_set_new(doc, "records", s->all);
		json_object_set(doc, "summary", summary);
		s->all = NULL;
		if (json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) == 0)
			putchar('\n');
		json_decref(doc);
	}
	if (fflush(stdout) != 0)
		rc = error("cannot write the records to stdout: %s", strerror(errno));
	return rc;
}
