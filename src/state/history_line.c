/* history_line — the history.log line of a record, in its three places
 * (history_db.h): the line a run writes (history_entry_line), the check
 * the importer makes of every line before it becomes a row
 * (history_record_parse), and the entry `sbx history import` makes of a
 * result record from elsewhere (history_entry_of_record). Lines and records
 * are outside input: each key is checked for its type, then its range,
 * length and format, then against the keys it goes with (a code head
 * longer than the code, "ok" on a failed run), so a row holds nothing sbx
 * could not have written itself. Part of the state layer: calls libc,
 * jansson, core (language and status names), store's name rule and util.
 * No file I/O: tests/fuzz/fuzz_history.c runs all three.
 */
#include "state/history_db.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "core/lang.h"
#include "core/outcome.h"
#include "state/history.h"
#include "state/store.h"
#include "util/buf.h"
#include "util/jsonout.h"

/* The keys of a record line, in the executions table's column order, and
 * their types: s string, S string or null, i integer, I integer or null, n
 * number, b boolean, o string, null or missing (keys added later: older
 * lines still in a log when sbx is upgraded have none). history_line()
 * writes them. */
const struct history_col history_cols[HISTORY_COLS] = {
    {"id", 's'},
    {"time_ms", 'i'},
    {"language", 's'},
    {"deployment", 'S'},
    {"deployment_version", 'I'},
    {"status", 's'},
    {"ok", 'b'},
    {"exit_code", 'I'},
    {"signal", 'I'},
    {"code_sha256", 's'},
    {"code_head", 's'},
    {"code_bytes", 'i'},
    {"error_name", 'S'},
    {"error_message", 'S'},
    {"wall_ms", 'n'},
    {"cpu_ms", 'n'},
    {"memory_peak_kb", 'i'},
    {"timed_out", 'b'},
    {"stdout_bytes", 'i'},
    {"stderr_bytes", 'i'},
    {"stdout_head", 'o'},
    {"stderr_head", 'o'},
};

#define FUTURE_MS 86400000LL /* clock skew allowed between machines */
/* Text is cut to a number of bytes before invalid UTF-8 becomes U+FFFD (3
 * bytes for 1), so a stored text is at most three times its cut. */
#define LOSSY(n) (3 * (size_t)(n))

static size_t utf8_chars(const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xC0) != 0x80;
	return n;
}

bool history_id_ok(const char *id)
{
	size_t n = strlen(id);
	if (n == 0 || n > HISTORY_ID_MAX)
		return false;
	for (const char *p = id; *p; p++)
		if (!(('0' <= *p && *p <= '9') || ('A' <= *p && *p <= 'Z') ||
		      ('a' <= *p && *p <= 'z') || *p == '-' || *p == '_'))
			return false;
	return true;
}

bool history_sha256_ok(const char *s)
{
	if (strlen(s) != 64)
		return false;
	for (const char *p = s; *p; p++)
		if (!(('0' <= *p && *p <= '9') || ('a' <= *p && *p <= 'f')))
			return false;
	return true;
}

static const char *text(json_t *rec, const char *key, size_t *len)
{
	json_t *v = json_object_get(rec, key);
	*len = json_string_length(v);
	return json_string_value(v);
}

static bool int_in(json_t *rec, const char *key, json_int_t lo, json_int_t hi)
{
	json_t *v = json_object_get(rec, key);
	return json_is_null(v) || (json_integer_value(v) >= lo && json_integer_value(v) <= hi);
}

/* The first problem of a record whose keys have their types, or NULL. */
static const char *field_problem(json_t *rec)
{
	size_t len;
	const char *s = text(rec, "id", &len);
	if (!history_id_ok(s))
		return "\"id\" is not an execution id (1 to 64 letters, digits, '-' or '_')";
	if (!int_in(rec, "time_ms", 0, HISTORY_MAX_TIME_MS))
		return "\"time_ms\" is out of range";
	s = text(rec, "language", &len);
	if (strcmp(s, "unknown") && (!lang_by_name(s) || strcmp(lang_by_name(s)->name, s)))
		return "\"language\" is not a language sbx runs";
	json_t *dep = json_object_get(rec, "deployment");
	if (json_is_string(dep) && !store_name_ok(json_string_value(dep)))
		return "\"deployment\" is not a deployment name";
	if (json_is_null(dep) != json_is_null(json_object_get(rec, "deployment_version")) ||
	    !int_in(rec, "deployment_version", 1, INT32_MAX))
		return "\"deployment_version\" does not go with \"deployment\"";
	s = text(rec, "status", &len);
	int status = status_from_name(s);
	if (status < 0)
		return "\"status\" is not a status sbx gives";
	if (json_is_true(json_object_get(rec, "ok")) != (status == STATUS_OK))
		return "\"ok\" does not go with \"status\"";
	if (json_is_true(json_object_get(rec, "timed_out")) != (status == STATUS_TIMEOUT))
		return "\"timed_out\" does not go with \"status\"";
	if (!int_in(rec, "exit_code", 0, 255))
		return "\"exit_code\" is not 0 to 255";
	if (!int_in(rec, "signal", 1, 64))
		return "\"signal\" is not a signal number";
	s = text(rec, "code_sha256", &len);
	if (len && !history_sha256_ok(s))
		return "\"code_sha256\" is not 64 lower-case hex digits";
	json_int_t code_bytes = json_integer_value(json_object_get(rec, "code_bytes"));
	if (code_bytes < 0 || code_bytes > HISTORY_MAX_BYTES)
		return "\"code_bytes\" is out of range";
	s = text(rec, "code_head", &len);
	size_t chars = utf8_chars(s, len);
	/* Each character of the head is at least one byte of the code. */
	if (chars > HISTORY_CODE_HEAD_CHARS || (json_int_t)chars > code_bytes)
		return "\"code_head\" is longer than the code (\"code_bytes\")";
	static const char *const errs[] = {"error_name", "error_message"};
	for (size_t i = 0; i < 2; i++)
		if (text(rec, errs[i], &len) && len > LOSSY(HISTORY_MAX_MESSAGE))
			return i ? "\"error_message\" is too long" : "\"error_name\" is too long";
	static const char *const times[] = {"wall_ms", "cpu_ms"};
	for (size_t i = 0; i < 2; i++) {
		double t = json_number_value(json_object_get(rec, times[i]));
		if (!isfinite(t) || t < 0 || t > HISTORY_MAX_RUN_MS)
			return i ? "\"cpu_ms\" is out of range" : "\"wall_ms\" is out of range";
	}
	if (!int_in(rec, "memory_peak_kb", 0, HISTORY_MAX_MEMORY_KB))
		return "\"memory_peak_kb\" is out of range";
	static const char *const streams[][2] = {{"stdout_bytes", "stdout_head"},
						 {"stderr_bytes", "stderr_head"}};
	for (size_t i = 0; i < 2; i++) {
		json_int_t total = json_integer_value(json_object_get(rec, streams[i][0]));
		if (total < 0 || total > HISTORY_MAX_BYTES)
			return i ? "\"stderr_bytes\" is out of range"
				 : "\"stdout_bytes\" is out of range";
		s = text(rec, streams[i][1], &len);
		if (s && (len > LOSSY(HISTORY_OUTPUT_HEAD_BYTES) ||
			  (json_int_t)utf8_chars(s, len) > total))
			return i ? "\"stderr_head\" is longer than the stream (\"stderr_bytes\")"
				 : "\"stdout_head\" is longer than the stream (\"stdout_bytes\")";
	}
	return NULL;
}

json_t *history_record_parse(const char *p, size_t len, char why[160])
{
	json_error_t jerr;
	json_t *rec = json_loadb(p, len, 0, &jerr);
	if (!rec) {
		/* jansson's text is at most 160 bytes: keep its start. */
		snprintf(why, 160, "not JSON (column %d: %.100s)", jerr.column, jerr.text);
		return NULL;
	}
	json_t *v = json_object_get(rec, "v");
	if (!json_is_integer(v) || json_integer_value(v) != 1) {
		snprintf(why, 160, "not a version 1 history record");
		goto bad;
	}
	for (size_t i = 0; i < HISTORY_COLS; i++) {
		v = json_object_get(rec, history_cols[i].key);
		bool ok = false;
		switch (history_cols[i].type) {
		case 'S': ok = json_is_null(v) || json_is_string(v); break;
		case 'o': ok = !v || json_is_null(v) || json_is_string(v); break;
		case 's': ok = json_is_string(v); break;
		case 'I': ok = json_is_null(v) || json_is_integer(v); break;
		case 'i': ok = json_is_integer(v); break;
		case 'n': ok = json_is_number(v); break;
		case 'b': ok = json_is_boolean(v); break;
		}
		if (!ok) {
			snprintf(why, 160, "a record without a valid \"%s\"", history_cols[i].key);
			goto bad;
		}
	}
	const char *problem = field_problem(rec);
	if (problem) {
		snprintf(why, 160, "a record whose %s", problem);
		goto bad;
	}
	json_t *labels = json_object_get(rec, "labels");
	const char *k;
	if (!json_is_object(labels)) {
		snprintf(why, 160, "a record without a valid \"labels\"");
		goto bad;
	}
	json_object_foreach(labels, k, v)
	{
		if (!json_is_string(v)) {
			snprintf(why, 160, "a record with a label that is not text");
			goto bad;
		}
	}
	return rec;
bad:
	json_decref(rec);
	return NULL;
}

/* Bytes of s that hold its first max_chars UTF-8 characters (never splits a
 * sequence; an invalid byte counts as one character). */
static size_t utf8_prefix(const char *s, size_t len, size_t max_chars)
{
	size_t chars = 0;
	for (size_t i = 0; i < len; i++) {
		if (((unsigned char)s[i] & 0xC0) != 0x80) {
			if (chars == max_chars)
				return i;
			chars++;
		}
	}
	return len;
}

/* At most max_bytes of s, cut before a UTF-8 continuation byte. */
static size_t cap_len(const char *s, size_t max_bytes)
{
	size_t n = strlen(s);
	if (n <= max_bytes)
		return n;
	n = max_bytes;
	while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	return n;
}

static json_t *text_or_null(const char *s, size_t len)
{
	return s ? json_string_utf8_lossy(s, len) : json_null();
}

static int dump_to_buf(const char *data, size_t size, void *arg)
{
	buf_append(arg, data, size);
	return 0;
}

/* The first HISTORY_OUTPUT_HEAD_BYTES of an output stream, cut before a
 * UTF-8 continuation byte. */
static json_t *head_json(const char *s, size_t len)
{
	if (!s)
		return json_string(""); /* nothing printed */
	if (len > HISTORY_OUTPUT_HEAD_BYTES) {
		len = HISTORY_OUTPUT_HEAD_BYTES;
		while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80)
			len--;
	}
	return json_string_utf8_lossy(s, len);
}

/* The record as one line of compact JSON, its newline included. Text from
 * the code (its head, the error) may hold any bytes: invalid UTF-8 becomes
 * U+FFFD here, as stats did when it printed them. The head is taken from
 * e->code_len bytes of e->code only; the size recorded is e->code_bytes. */
void history_entry_line(const struct history_entry *e, struct buf *line)
{
	const char *code = e->code ? e->code : "";
	size_t code_len = e->code ? e->code_len : 0;
	json_t *labels = json_object();
	/* A repeated key keeps its last value, as later flags win. */
	for (size_t i = 0; i < e->nlabels; i++)
		json_object_set_new(
		    labels, e->labels[i].key,
		    json_string_utf8_lossy(e->labels[i].value, strlen(e->labels[i].value)));
	json_t *o = json_object();
	json_object_set_new(o, "v", json_integer(1)); /* first: HISTORY_LINE_MARK */
	json_object_set_new(o, "id", text_or_null(e->id ? e->id : "", e->id ? strlen(e->id) : 0));
	json_object_set_new(o, "time_ms", json_integer(e->time_ms));
	json_object_set_new(o, "language",
			    text_or_null(e->language, e->language ? strlen(e->language) : 0));
	json_object_set_new(o, "deployment",
			    text_or_null(e->deployment, e->deployment ? strlen(e->deployment) : 0));
	json_object_set_new(o, "deployment_version",
			    e->deployment ? json_integer(e->deployment_version) : json_null());
	json_object_set_new(o, "status",
			    text_or_null(e->status, e->status ? strlen(e->status) : 0));
	json_object_set_new(o, "ok", json_boolean(e->ok));
	json_object_set_new(o, "exit_code", e->exited ? json_integer(e->exit_code) : json_null());
	json_object_set_new(o, "signal", e->signal ? json_integer(e->signal) : json_null());
	json_object_set_new(o, "code_sha256", json_string(e->code_sha256 ? e->code_sha256 : ""));
	json_object_set_new(
	    o, "code_head",
	    json_string_utf8_lossy(code, utf8_prefix(code, code_len, HISTORY_CODE_HEAD_CHARS)));
	json_object_set_new(o, "code_bytes", json_integer((json_int_t)e->code_bytes));
	json_object_set_new(
	    o, "error_name",
	    text_or_null(e->error_name,
			 e->error_name ? cap_len(e->error_name, HISTORY_MAX_MESSAGE) : 0));
	json_object_set_new(
	    o, "error_message",
	    text_or_null(e->error_message,
			 e->error_message ? cap_len(e->error_message, HISTORY_MAX_MESSAGE) : 0));
	json_object_set_new(o, "wall_ms", json_real(isfinite(e->wall_ms) ? e->wall_ms : 0));
	json_object_set_new(o, "cpu_ms", json_real(isfinite(e->cpu_ms) ? e->cpu_ms : 0));
	json_object_set_new(o, "memory_peak_kb", json_integer((json_int_t)e->memory_peak_kb));
	json_object_set_new(o, "timed_out", json_boolean(e->timed_out));
	json_object_set_new(o, "stdout_bytes", json_integer((json_int_t)e->stdout_bytes));
	json_object_set_new(o, "stderr_bytes", json_integer((json_int_t)e->stderr_bytes));
	/* The heads of the output, for sbx history show: counted in the line,
	 * so in the log's size and its import threshold. */
	json_object_set_new(o, "stdout_head", head_json(e->stdout_head, e->stdout_head_len));
	json_object_set_new(o, "stderr_head", head_json(e->stderr_head, e->stderr_head_len));
	json_object_set_new(o, "labels", labels);
	/* jansson keeps insertion order, so the line starts with the mark. */
	json_dump_callback(o, dump_to_buf, line, JSON_COMPACT);
	buf_append(line, "\n", 1);
	json_decref(o);
}

/* The milliseconds of a ULID (10 Crockford base32 digits, 16 more); -1 if
 * it is not one. */
static int64_t ulid_time_ms(const char *id)
{
	static const char digits[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
	if (strlen(id) != 26)
		return -1;
	int64_t t = 0;
	for (int i = 0; i < 26; i++) {
		const char *d = strchr(digits, id[i]);
		if (!d || !id[i])
			return -1;
		if (i < 10)
			t = t * 32 + (d - digits);
	}
	return t;
}

/* The number of "SIGKILL" (as records write it), 0 if it names none. */
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

static bool absent(json_t *v)
{
	return !v || json_is_null(v);
}

/* An integer in [lo, hi] at o.key; false if missing or out of range. */
static bool int_at(json_t *o, const char *key, json_int_t lo, json_int_t hi, json_int_t *out)
{
	json_t *v = json_object_get(o, key);
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		return false;
	*out = json_integer_value(v);
	return true;
}

/* A time in ms at o.key: a finite number from 0 to a year. */
static bool ms_at(json_t *o, const char *key, double *out)
{
	json_t *v = json_object_get(o, key);
	*out = json_number_value(v);
	return json_is_number(v) && isfinite(*out) && *out >= 0 && *out <= HISTORY_MAX_RUN_MS;
}

/* A stream of the record: its text and its size, which the text cannot
 * exceed (each character is at least one byte of it). */
static const char *stream_of(json_t *rec, const char *name, const char **text, size_t *len,
			     uint64_t *total)
{
	static char why[96];
	char key[32];
	json_int_t n;
	snprintf(key, sizeof key, "%s_bytes", name);
	json_t *v = json_object_get(rec, name);
	if (!json_is_string(v))
		return snprintf(why, sizeof why, "\"%s\" is not a string", name), why;
	if (!int_at(json_object_get(rec, "truncated"), key, 0, HISTORY_MAX_BYTES, &n))
		return snprintf(why, sizeof why, "\"truncated.%s\" is not a size", key), why;
	*text = json_string_value(v);
	*len = json_string_length(v);
	*total = (uint64_t)n;
	if (utf8_chars(*text, *len) > *total)
		return snprintf(why, sizeof why, "\"%s\" is longer than \"truncated.%s\"", name,
				key),
		       why;
	return NULL;
}

const char *history_entry_of_record(json_t *rec, struct history_entry *e, int64_t now_ms)
{
	memset(e, 0, sizeof(*e));
	e->id = str(rec, "id");
	e->language = str(rec, "language");
	e->status = str(rec, "status");
	if (!e->id || !e->language || !e->status || !strcmp(e->status, "sbx_error"))
		return HISTORY_NEVER_RAN;
	if ((e->time_ms = ulid_time_ms(e->id)) < 0)
		return "\"id\" is not an sbx execution id (26 characters of a ULID)";
	if (e->time_ms > now_ms + FUTURE_MS)
		return "\"id\" holds a time in the future";
	const struct lang *l = lang_by_name(e->language);
	if (!l || strcmp(l->name, e->language))
		return "\"language\" is not a language sbx runs";
	int status = status_from_name(e->status);
	if (status < 0)
		return "\"status\" is not a status sbx gives";
	json_t *v = json_object_get(rec, "ok");
	if (!json_is_boolean(v) || json_is_true(v) != (status == STATUS_OK))
		return "\"ok\" is not true for status ok and false otherwise";
	e->ok = status == STATUS_OK;
	e->timed_out = status == STATUS_TIMEOUT;
	e->code_sha256 = str(rec, "code_sha256");
	if (!e->code_sha256 || !history_sha256_ok(e->code_sha256))
		return "\"code_sha256\" is not 64 lower-case hex digits";
	json_t *dep = json_object_get(rec, "deployment");
	json_int_t n;
	if (json_is_object(dep)) {
		e->deployment = str(dep, "name");
		if (!e->deployment || !store_name_ok(e->deployment))
			return "\"deployment.name\" is not a deployment name";
		if (!int_at(dep, "version", 1, INT32_MAX, &n))
			return "\"deployment.version\" is not a version number";
		e->deployment_version = (int)n;
	} else if (!absent(dep)) {
		return "\"deployment\" is not null or {\"name\", \"version\"}";
	}
	v = json_object_get(rec, "exit_code");
	if (!absent(v) && !int_at(rec, "exit_code", 0, 255, &n))
		return "\"exit_code\" is not null or 0 to 255";
	e->exited = !absent(v);
	e->exit_code = (int)json_integer_value(v);
	v = json_object_get(rec, "signal");
	if (!absent(v) && !(e->signal = signal_number(json_string_value(v))))
		return "\"signal\" is not null or a signal's name (\"SIGKILL\")";
	/* Records keep no code text: the head stays empty. A size, when
	 * given, is checked like the rest; it never sets how much is read. */
	e->code = "";
	e->code_len = 0;
	v = json_object_get(rec, "code_bytes");
	if (!absent(v) && !int_at(rec, "code_bytes", 0, HISTORY_MAX_BYTES, &n))
		return "\"code_bytes\" is not a size";
	e->code_bytes = absent(v) ? 0 : (uint64_t)n;
	json_t *err = json_object_get(rec, "error");
	if (json_is_object(err)) {
		json_t *name = json_object_get(err, "name"), *msg = json_object_get(err, "message");
		if (!json_is_string(name) || !(absent(msg) || json_is_string(msg)))
			return "\"error\" has no \"name\" string, or a \"message\" that is not one";
		e->error_name = json_string_value(name);
		e->error_message = json_string_value(msg);
	} else if (!absent(err)) {
		return "\"error\" is not null or an object";
	}
	json_t *t = json_object_get(rec, "time_ms");
	if (!ms_at(t, "wall", &e->wall_ms) || !ms_at(t, "cpu", &e->cpu_ms))
		return "\"time_ms\" is not {\"wall\", \"cpu\"} in ms (0 to a year)";
	if (!int_at(json_object_get(rec, "memory_kb"), "peak", 0, HISTORY_MAX_MEMORY_KB, &n))
		return "\"memory_kb.peak\" is not a size in KiB";
	e->memory_peak_kb = (uint64_t)n;
	const char *why =
	    stream_of(rec, "stdout", &e->stdout_head, &e->stdout_head_len, &e->stdout_bytes);
	if (!why)
		why = stream_of(rec, "stderr", &e->stderr_head, &e->stderr_head_len,
				&e->stderr_bytes);
	return why;
}
