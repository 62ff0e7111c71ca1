/* session_frames — what a kernel sends on its control channel, checked as
 * any input from outside sbx: the kernel runs the session's code in its
 * own process, so every frame may have been written by that code (it can
 * replace the kernel's functions, or write to the channel's fd itself).
 * A frame is rebuilt from the fields its kind may carry, each of its type
 * and within its bounds; anything else is dropped, and a frame that is not
 * one of the kinds is no frame. What reaches the daemon — and through it
 * the manifest and the records — is then only what sbx itself can write
 * and read back. The numbers sbx measures itself (CPU time, memory) are
 * taken from the kernel only when it is sbx's own C code, the embedded
 * JavaScript engine's (session_account.c measures the others).
 * May call: util, libc, jansson.
 */
#include "session/session_int.h"

#include <math.h>
#include <string.h>

#define UNSAVED_MAX	 64	     /* names of what a save or restore left out */
#define UNSAVED_TEXT_MAX 300	     /* bytes of one such name */
#define REPORT_MAX	 (15u << 20) /* below the control line's bound */
#define REPLAY_CODE_MAX	 (15u << 20)

static bool small_int(json_t *v, json_int_t lo, json_int_t hi)
{
	return json_is_integer(v) && json_integer_value(v) >= lo && json_integer_value(v) <= hi;
}

/* A string cut to at most max bytes, at a UTF-8 character's start. */
static json_t *cut_string(json_t *v, size_t max)
{
	const char *s = json_string_value(v);
	size_t n = json_string_length(v);
	if (n <= max)
		return json_stringn(s, n);
	while (max > 0 && ((unsigned char)s[max] & 0xc0) == 0x80)
		max--;
	struct buf b = BUF_INIT;
	buf_append(&b, s, max);
	buf_puts(&b, "...");
	json_t *r = json_stringn(b.data, b.len);
	buf_release(&b);
	return r;
}

/* What a save or restore could not bring: a list of short strings. */
static json_t *unsaved_list(json_t *v)
{
	json_t *out = json_array();
	size_t i, kept = 0, more = 0;
	json_t *e;
	json_array_foreach(v, i, e)
	{
		if (!json_is_string(e))
			continue;
		if (kept == UNSAVED_MAX) {
			more++;
			continue;
		}
		json_array_append_new(out, cut_string(e, UNSAVED_TEXT_MAX));
		kept++;
	}
	if (more) {
		char t[64];
		snprintf(t, sizeof t, "and %zu more", more);
		json_array_append_new(out, json_string(t));
	}
	return out;
}

static json_t *nonneg_number(json_t *v)
{
	double x = json_number_value(v);
	return json_real(json_is_number(v) && isfinite(x) && x >= 0 && x < 1e15 ? x : 0);
}

/* The sequence number a frame names: the daemon's own, a positive int. */
static bool seq_ok(json_t *v)
{
	return small_int(v, 0, (json_int_t)1 << 52);
}

json_t *session_frame_check(json_t *f)
{
	json_t *out = NULL, *v;
	if (!json_is_object(f)) {
		/* not a frame */
	} else if ((v = json_object_get(f, "ready"))) {
		if (json_is_true(v))
			out = json_pack("{s:b, s:b, s:o}", "ready", 1, "restored",
					json_is_true(json_object_get(f, "restored")), "unsaved",
					unsaved_list(json_object_get(f, "unsaved")));
	} else if ((v = json_object_get(f, "done"))) {
		json_t *code = json_object_get(f, "exit_code");
		json_t *rep = json_object_get(f, "report"), *r0 = json_array_get(rep, 0);
		if (seq_ok(v)) {
			out = json_pack("{s:O, s:i, s:b, s:[]}", "done", v, "exit_code",
					small_int(code, 0, 255) ? (int)json_integer_value(code) : 1,
					"interrupted",
					json_is_true(json_object_get(f, "interrupted")), "report");
			if (json_is_string(r0) && json_string_length(r0) <= REPORT_MAX)
				json_array_append(json_object_get(out, "report"), r0);
			/* Used only from a JavaScript kernel, sbx's own C code
			 * (session_daemon.c); the others' are measured. */
			json_object_set_new(out, "cpu_ms",
					    nonneg_number(json_object_get(f, "cpu_ms")));
			json_object_set_new(out, "maxrss_kb",
					    nonneg_number(json_object_get(f, "maxrss_kb")));
			/* A Java kernel's heap ran out: it ends before the next
			 * execution, this one unsaved (the note says so). */
			if (json_is_true(json_object_get(f, "out_of_memory")))
				json_object_set_new(out, "out_of_memory", json_true());
		}
	} else if ((v = json_object_get(f, "saved"))) {
		json_t *replay = json_object_get(f, "replay");
		json_t *bytes = json_object_get(f, "bytes");
		if (seq_ok(v)) {
			out = json_pack("{s:O, s:o, s:I, s:o}", "saved", v, "ms",
					nonneg_number(json_object_get(f, "ms")), "bytes",
					small_int(bytes, 0, (json_int_t)1 << 52)
					    ? json_integer_value(bytes)
					    : 0,
					"unsaved", unsaved_list(json_object_get(f, "unsaved")));
			/* A JavaScript kernel's lowered code, for the replay log. */
			if (json_is_string(replay) && json_string_length(replay) <= REPLAY_CODE_MAX)
				json_object_set(out, "replay", replay);
		}
	} else if ((v = json_object_get(f, "result"))) {
		/* A rich result as it was made: its item's JSON text, taken
		 * apart and bounded by the daemon (results_stream.h). */
		json_t *item = json_object_get(f, "item");
		if (seq_ok(v) && json_is_string(item) && json_string_length(item) <= REPORT_MAX)
			out = json_pack("{s:O, s:O}", "result", v, "item", item);
	} else if ((v = json_object_get(f, "start"))) {
		if (seq_ok(v))
			out = json_pack("{s:O}", "start", v);
	} else if ((v = json_object_get(f, "exiting"))) {
		json_t *code = json_object_get(f, "exit_code");
		if (seq_ok(v) && small_int(code, 0, 255))
			out = json_pack("{s:O, s:O}", "exiting", v, "exit_code", code);
	}
	json_decref(f);
	return out;
}
