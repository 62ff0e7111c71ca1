/* history_ingest — sbx history import FILE: result records written
 * elsewhere (sbx batch --out, sbx run --json, on other machines) into this
 * history, so sbx stats covers a whole evaluation. Each record becomes one
 * history.log line (history_append), imported into SQLite by the next
 * reader like any local run; the execution id is unique there (INSERT OR
 * IGNORE), so importing a file twice counts its runs once.
 *
 * A record keeps no time and no code text: the time is the one in its id
 * (a ULID holds its creation's milliseconds), the code head is empty (the
 * code's SHA-256 is kept). Records without an execution id (lines sbx batch
 * refused) are skipped and counted. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "state/history.h"
#include "util/util.h"

#define INGEST_LINE_MAX ((size_t)512 << 20)
#define NEVER_RAN	"no execution id, language or status (a request that never ran)"

/* The milliseconds of a ULID (10 Crockford base32 digits); -1 if it is not one. */
static int64_t ulid_time_ms(const char *id)
{
	static const char digits[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
	if (strlen(id) != 26)
		return -1;
	int64_t t = 0;
	for (int i = 0; i < 10; i++) {
		const char *d = strchr(digits, id[i]);
		if (!d || !id[i])
			return -1;
		t = t * 32 + (d - digits);
	}
	return t;
}

static int signal_number(const char *name)
{
	for (int s = 1; name && s < 65; s++) {
		const char *abbrev = sigabbrev_np(s);
		if (abbrev && !strncmp(name, "SIG", 3) && !strcmp(name + 3, abbrev))
			return s;
	}
	return 0;
}

static const char *str(json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* The entry of one record; 0, or -1 with why in *why. */
static int entry_of(json_t *rec, struct history_entry *e, const char **why)
{
	memset(e, 0, sizeof(*e));
	e->id = str(rec, "id");
	e->language = str(rec, "language");
	e->status = str(rec, "status");
	if (!e->id || !e->language || !e->status) {
		*why = NEVER_RAN;
		return -1;
	}
	if ((e->time_ms = ulid_time_ms(e->id)) < 0) {
		*why = "its id is not an sbx execution id";
		return -1;
	}
	e->code_sha256 = str(rec, "code_sha256");
	if (!e->code_sha256) {
		*why = "no code_sha256";
		return -1;
	}
	json_t *dep = json_object_get(rec, "deployment");
	if (json_is_object(dep)) {
		e->deployment = str(dep, "name");
		e->deployment_version = (int)json_integer_value(json_object_get(dep, "version"));
	}
	e->ok = json_is_true(json_object_get(rec, "ok"));
	json_t *code = json_object_get(rec, "exit_code");
	e->exited = json_is_integer(code);
	e->exit_code = (int)json_integer_value(code);
	e->signal = signal_number(str(rec, "signal"));
	e->code = "";
	e->code_len = (size_t)json_integer_value(json_object_get(rec, "code_bytes"));
	json_t *err = json_object_get(rec, "error");
	if (json_is_object(err)) {
		e->error_name = str(err, "name");
		e->error_message = str(err, "message");
	}
	json_t *t = json_object_get(rec, "time_ms");
	e->wall_ms = json_number_value(json_object_get(t, "wall"));
	e->cpu_ms = json_number_value(json_object_get(t, "cpu"));
	e->memory_peak_kb = (uint64_t)json_integer_value(
	    json_object_get(json_object_get(rec, "memory_kb"), "peak"));
	e->timed_out = !strcmp(e->status, "timeout");
	json_t *tr = json_object_get(rec, "truncated");
	e->stdout_bytes = (uint64_t)json_integer_value(json_object_get(tr, "stdout_bytes"));
	e->stderr_bytes = (uint64_t)json_integer_value(json_object_get(tr, "stderr_bytes"));
	json_t *so = json_object_get(rec, "stdout"), *se = json_object_get(rec, "stderr");
	e->stdout_head = json_string_value(so);
	e->stdout_head_len = json_string_length(so);
	e->stderr_head = json_string_value(se);
	e->stderr_head_len = json_string_length(se);
	return 0;
}

int history_ingest(const char *state_dir, const char *path, size_t *imported, size_t *skipped)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	if (!f)
		return error("cannot read %s: %s (give an NDJSON file of records)", path,
			     strerror(errno));
	char *line = NULL;
	size_t cap = 0, n = 0;
	ssize_t len;
	int rc = 0;
	*imported = *skipped = 0;
	while ((len = getline(&line, &cap, f)) > 0) {
		n++;
		if ((size_t)len > INGEST_LINE_MAX) {
			rc = error("%s line %zu: longer than %zu MiB: not a record", path, n,
				   INGEST_LINE_MAX >> 20);
			break;
		}
		json_error_t je;
		json_t *rec = json_loadb(line, (size_t)len, 0, &je);
		struct history_entry e;
		const char *why = NULL;
		if (!json_is_object(rec)) {
			rc = error("%s line %zu: not a JSON record (%s): import the NDJSON that "
				   "sbx batch --out or sbx run --json wrote",
				   path, n, rec ? "not an object" : je.text);
			json_decref(rec);
			break;
		}
		if (entry_of(rec, &e, &why) != 0) {
			if (*skipped < 5 && strcmp(why, NEVER_RAN))
				warning("%s line %zu skipped: %s", path, n, why);
			(*skipped)++;
		} else if (history_append(state_dir, &e) != 0) {
			rc = -1;
			json_decref(rec);
			break;
		} else {
			(*imported)++;
		}
		json_decref(rec);
	}
	if (rc == 0 && ferror(f))
		rc = error("cannot read %s: %s", path, strerror(errno));
	free(line);
	if (f != stdin)
		fclose(f);
	return rc;
}
