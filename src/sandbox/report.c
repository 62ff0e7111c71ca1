#include "sandbox/report.h"

#include <string.h>

#include "core/outcome.h"

size_t report_cap(const struct request *req)
{
	uint64_t cap = req ? req->limits.output_bytes : 0;
	if (cap < REPORT_MIN_CAP)
		cap = REPORT_MIN_CAP;
	/* Room for the rich results too, which count against the output
	 * limit (core/results.h), and their JSON around the data. */
	if (req)
		cap += req->limits.output_bytes + REPORT_RESULTS_SLACK;
	return cap > SIZE_MAX / 2 ? SIZE_MAX / 2 : (size_t)cap;
}

static json_t *string_or(json_t *v, const char *dflt)
{
	return json_is_string(v) ? json_incref(v) : json_string(dflt);
}

static json_t *int_or_null(json_t *v)
{
	return json_is_integer(v) ? json_incref(v) : json_null();
}

/* The error, as the record has it: the five keys, each of its type, and
 * the prelude's hint (which package provides a missing module) when given. */
static json_t *take_error(json_t *v)
{
	if (!json_is_object(v))
		return NULL;
	json_t *e = json_object();
	json_object_set_new(e, "name", string_or(json_object_get(v, "name"), "Error"));
	json_object_set_new(e, "message", string_or(json_object_get(v, "message"), ""));
	json_object_set_new(e, "line", int_or_null(json_object_get(v, "line")));
	json_object_set_new(e, "column", int_or_null(json_object_get(v, "column")));
	json_object_set_new(e, "traceback", string_or(json_object_get(v, "traceback"), ""));
	json_t *hint = json_object_get(v, "hint");
	if (json_is_string(hint))
		json_object_set(e, "hint", hint);
	return e;
}

/* Rich results: items with a mime type and data, and the prelude's note
 * of an item it left out past the output limit (truncated, bytes);
 * anything else is dropped. core/results.h bounds them. */
static json_t *take_results(json_t *v)
{
	if (!json_is_array(v))
		return NULL;
	json_t *a = json_array();
	size_t i;
	json_t *item;
	json_array_foreach(v, i, item)
	{
		json_t *mime = json_object_get(item, "mime");
		json_t *data = json_object_get(item, "data");
		json_t *file = json_object_get(item, "file");
		if (!json_is_string(mime) || !json_is_string(data))
			continue;
		json_t *e = json_pack("{s:O, s:O, s:o}", "mime", mime, "data", data, "file",
				      json_is_string(file) ? json_incref(file) : json_null());
		json_t *truncated = json_object_get(item, "truncated");
		json_t *bytes = json_object_get(item, "bytes");
		if (json_is_boolean(truncated))
			json_object_set(e, "truncated", truncated);
		if (json_is_integer(bytes))
			json_object_set(e, "bytes", bytes);
		json_array_append_new(a, e);
	}
	return a;
}

static json_t *load(const char *data, size_t len)
{
	/* JSON_ALLOW_NUL: a result string may hold U+0000 ("\u0000"). */
	json_error_t jerr;
	size_t flags = JSON_DECODE_ANY | JSON_ALLOW_NUL;
	json_t *rep = json_loadb(data, len, flags, &jerr);
	if (!rep) {
		/* Integers beyond 64 bits (a Python result) fail to parse as
		 * integers: read every number as a double instead. */
		rep = json_loadb(data, len, flags | JSON_DECODE_INT_AS_REAL, &jerr);
	}
	return rep;
}

void report_parse(const char *data, size_t len, uint64_t dropped, bool trusted, struct report *rep)
{
	memset(rep, 0, sizeof(*rep));
	rep->status = -1;
	rep->syscall_nr = -1;
	if (dropped) {
		rep->state = REPORT_TOO_LARGE;
		return;
	}
	if (!len) {
		rep->state = REPORT_NONE;
		return;
	}
	json_t *doc = load(data, len);
	if (!json_is_object(doc)) {
		json_decref(doc);
		rep->state = REPORT_INVALID;
		return;
	}
	rep->state = REPORT_OK;
	json_t *v = json_object_get(doc, "result");
	if (v)
		rep->result = json_incref(v);
	rep->results = take_results(json_object_get(doc, "results"));
	rep->error = take_error(json_object_get(doc, "error"));
	if (trusted) {
		v = json_object_get(doc, "status");
		int s = json_is_string(v) ? status_from_name(json_string_value(v)) : -1;
		if (s == STATUS_MEMORY_LIMIT || s == STATUS_TIMEOUT || s == STATUS_SYSCALL_BLOCKED)
			rep->status = s;
		v = json_object_get(doc, "syscall_nr");
		if (json_is_integer(v) && json_integer_value(v) >= 0)
			rep->syscall_nr = (long)json_integer_value(v);
		v = json_object_get(doc, "memory_peak_kb");
		if (json_is_integer(v) && json_integer_value(v) > 0)
			rep->memory_peak_kb = (uint64_t)json_integer_value(v);
		v = json_object_get(json_object_get(doc, "extra"), "lowered");
		if (json_is_string(v))
			rep->lowered = json_incref(v);
	}
	json_decref(doc);
}

void report_release(struct report *rep)
{
	json_decref(rep->result);
	json_decref(rep->results);
	json_decref(rep->error);
	json_decref(rep->lowered);
	memset(rep, 0, sizeof(*rep));
	rep->status = -1;
	rep->syscall_nr = -1;
}

bool report_is_oom_error(const struct lang *lang, const json_t *error)
{
	const char *name = json_string_value(json_object_get(error, "name"));
	const char *msg = json_string_value(json_object_get(error, "message"));
	if (!lang || !name)
		return false;
	if (lang->oom_error_name && !strcmp(name, lang->oom_error_name))
		return true;
	return lang->oom_message_prefix && msg &&
	       !strncmp(msg, lang->oom_message_prefix, strlen(lang->oom_message_prefix));
}
