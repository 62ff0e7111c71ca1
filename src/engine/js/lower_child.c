/* lower_child — the transpilers run in the sandboxed child, each in a
 * Duktape heap of its own (an arena over the engine's capped allocator):
 * for JavaScript the subset lowering first (acorn and subset.js: the syntax
 * nearly every snippet uses, in a fraction of the time), and TypeScript's
 * compiler when it gives up, or for TypeScript; their output and line map,
 * or an error record in the user's coordinates. Both bytecodes are
 * embedded here. TypeScript's heap is
 * made, used and dropped in three steps (js_transpiler_*) so that a
 * session's kernel can keep it between executions (lower_keep.c). Calls the
 * heap's allocator, report and text (engine/duktape/), js/tokenize and util. */
#include "engine/js/lower.h"
#include "engine/js/lower_arena.h"
#include "engine/js/lower_int.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "engine/duktape/duktape_mem.h"
#include "engine/duktape/duktape_report.h"
#include "engine/duktape/duktape_text.h"
#include "engine/js/tokenize.h"
#include "util/util.h"

#include "js_lower_gen.h"

/* The bytecode is part of the binary (see the header comment in lower.h):
 * .incbin keeps the build fast where an 8 MB C array would not be, and the
 * generated header's hashes make this object rebuild when it changes. */
__asm__(".section .rodata\n"
	".balign 16\n"
	".hidden js_lower_ts_bc\n"
	"js_lower_ts_bc:\n"
	".incbin \"" JS_LOWER_TS_BC_PATH "\"\n"
	".hidden js_lower_ts_bc_end\n"
	"js_lower_ts_bc_end:\n"
	".balign 16\n"
	".hidden js_lower_subset_bc\n"
	"js_lower_subset_bc:\n"
	".incbin \"" JS_LOWER_SUBSET_BC_PATH "\"\n"
	".hidden js_lower_subset_bc_end\n"
	"js_lower_subset_bc_end:\n"
	".balign 16\n"
	".hidden js_lower_subset_ts_bc\n"
	"js_lower_subset_ts_bc:\n"
	".incbin \"" JS_LOWER_SUBSET_TS_BC_PATH "\"\n"
	".hidden js_lower_subset_ts_bc_end\n"
	"js_lower_subset_ts_bc_end:\n"
	".previous\n");
extern const unsigned char js_lower_ts_bc[], js_lower_ts_bc_end[];
extern const unsigned char js_lower_subset_bc[], js_lower_subset_bc_end[];
extern const unsigned char js_lower_subset_ts_bc[], js_lower_subset_ts_bc_end[];

/* ---- child: the transpiler heap ---- */

/* The arena's huge-page region: TypeScript's heap for a snippet is ~30 MB;
 * larger programs go on in chunks. */
#define LOWER_REGION_MAX ((size_t)64 << 20)

static void lower_fatal(void *udata, const char *msg)
{
	static const char rep[] = "{\"error\":{\"name\":\"InternalError\",\"message\":"
				  "\"the transpiler failed (Duktape fatal error)\"}}";
	(void)udata;
	(void)msg;
	duktape_report_write(rep, sizeof rep - 1);
	_exit(70);
}

/* {name, message, line, column, traceback} for a lowering failure. */
static void error_record(struct buf *err, const char *name, const char *message, json_t *line,
			 json_t *column, const char *filename)
{
	json_t *o = json_object();
	char *tb = NULL;
	char *s;

	json_object_set_new(o, "name", json_string(name));
	json_object_set_new(o, "message", json_string(message));
	json_object_set(o, "line", line ? line : json_null());
	json_object_set(o, "column", column ? column : json_null());
	if (line && json_is_integer(line))
		(void)!asprintf(&tb, "%s: %s\n    at %s:%lld", name, message, filename,
				(long long)json_integer_value(line));
	else
		(void)!asprintf(&tb, "%s: %s", name, message);
	json_object_set_new(o, "traceback", json_string(tb ? tb : message));
	free(tb);
	s = json_dumps(o, JSON_COMPACT);
	buf_reset(err);
	buf_puts(err, s ? s : "{\"name\":\"Error\",\"message\":\"lowering failed\"}");
	free(s);
	json_decref(o);
}

/* A string property of the object at idx, as UTF-8 for jansson (Duktape's
 * internal encoding of non-BMP characters is not UTF-8: go through JSON). */
static char *prop_utf8(duk_context *ctx, duk_idx_t idx, const char *key)
{
	char *r = NULL;
	duk_get_prop_string(ctx, idx, key);
	if (duk_is_string(ctx, -1)) {
		struct buf b = BUF_INIT;
		duk_size_t len;
		const char *j = duk_json_encode(ctx, -1);
		duktape_text_json_ascii(&b, j, strlen(j));
		json_t *v = json_loadb(b.data, b.len, JSON_DECODE_ANY, NULL);
		if (json_is_string(v))
			r = xstrdup(json_string_value(v));
		json_decref(v);
		buf_release(&b);
		(void)len;
	}
	duk_pop(ctx);
	return r;
}

static json_t *prop_int(duk_context *ctx, duk_idx_t idx, const char *key)
{
	json_t *v = NULL;
	duk_get_prop_string(ctx, idx, key);
	if (duk_is_number(ctx, -1))
		v = json_integer((json_int_t)duk_get_number(ctx, -1));
	duk_pop(ctx);
	return v;
}

/* t's heap, made on an arena of its own with up to region_max bytes of
 * huge-page region, running bytecode bc (its program defines the entry
 * function): 0, or -1 with the error record in err and t closed. */
static int heap_open(struct js_transpiler *t, const struct request *req, size_t region_max,
		     const unsigned char *bc, size_t bc_len, const char *filename,
		     duk_alloc_function alloc, duk_realloc_function realloc_fn,
		     duk_free_function free_fn, void *udata, struct buf *err)
{
	size_t region = (size_t)(req->limits.memory_bytes / 2) + ((size_t)32 << 20);
	duk_context *ctx;

	t->ctx = NULL;
	t->loaded = 0;
	/* an arena, never destroyed: see lower_arena.c */
	lower_arena_init(&t->arena, alloc, realloc_fn, free_fn, udata);
	/* Address space only, counted against the cap as it is used; the
	 * child's RLIMIT_AS (1.5x the limit + 64 MiB, engine_duktape.c) has
	 * room for it beside the whole limit. */
	lower_arena_use_region(&t->arena, region < region_max ? region : region_max,
			       duktape_mem_charge, duktape_mem_uncharge);
	ctx = duk_create_heap(lower_arena_alloc, lower_arena_realloc, lower_arena_free, &t->arena,
			      lower_fatal);
	if (!ctx) {
		error_record(err, "InternalError", "cannot create the transpiler heap", NULL, NULL,
			     filename);
		js_transpiler_close(t);
		return -1;
	}
	duk_push_external_buffer(ctx);
	duk_config_buffer(ctx, -1, (void *)bc, (duk_size_t)bc_len);
	duk_load_function(ctx);
	if (duk_pcall(ctx, 0) != 0) {
		error_record(err, "InternalError", duk_safe_to_string(ctx, -1), NULL, NULL,
			     filename);
		js_transpiler_close(t);
		return -1;
	}
	duk_set_top(ctx, 0);
	t->ctx = ctx;
	t->loaded = t->arena.held;
	return 0;
}

int js_transpiler_open(struct js_transpiler *t, const struct request *req, const char *filename,
		       duk_alloc_function alloc, duk_realloc_function realloc_fn,
		       duk_free_function free_fn, void *udata, struct buf *err)
{
	return heap_open(t, req, LOWER_REGION_MAX, js_lower_ts_bc,
			 (size_t)(js_lower_ts_bc_end - js_lower_ts_bc), filename, alloc, realloc_fn,
			 free_fn, udata, err);
}

/* [ ... result ] of __sbx_lower → l (code, line map, runtime groups), or
 * the error record in err. */
static int take_result(duk_context *ctx, struct js_lower *l, const char *filename, struct buf *err)
{
	if (duk_get_prop_string(ctx, -1, "error") && duk_is_object(ctx, -1)) {
		char *name = prop_utf8(ctx, -1, "name"), *msg = prop_utf8(ctx, -1, "message");
		json_t *line = prop_int(ctx, -1, "line"), *col = prop_int(ctx, -1, "column");
		error_record(err, name ? name : "SyntaxError", msg ? msg : "invalid code", line,
			     col, filename);
		free(name);
		free(msg);
		json_decref(line);
		json_decref(col);
		return JS_TRANSPILER_REFUSED;
	}
	duk_pop(ctx);
	duk_size_t clen, llen;
	const char *code, *lines;
	struct buf o = BUF_INIT;
	struct js_scan sc;

	duk_get_prop_string(ctx, -1, "code");
	duk_get_prop_string(ctx, -2, "lines");
	code = duk_get_lstring(ctx, -2, &clen);
	lines = duk_get_lstring(ctx, -1, &llen);
	if (!code || !lines) {
		error_record(err, "InternalError", "the transpiler returned no code", NULL, NULL,
			     filename);
		return JS_TRANSPILER_BROKEN;
	}
	buf_append(&o, code, clen);
	buf_puts(&o, LINES_TAG);
	buf_append(&o, lines, llen);
	buf_puts(&o, "\n");
	size_t total = o.len;
	l->owned = buf_detach(&o, NULL);
	if (js_lower_split_owned(l, total) != 0) {
		error_record(err, "InternalError", "the transpiler returned a bad line map", NULL,
			     NULL, filename);
		return JS_TRANSPILER_BROKEN;
	}
	js_lower_scan(l, &sc);
	l->fresh = true;
	return 0;
}

int js_transpiler_run(struct js_transpiler *t, struct js_lower *l, const struct request *req,
		      const char *filename, struct buf *err)
{
	duk_context *ctx = t->ctx;
	int rc;

	duk_set_top(ctx, 0);
	duk_get_global_string(ctx, "__sbx_lower");
	duk_push_lstring(ctx, req->code, req->code_len);
	duk_push_boolean(ctx, req->lang->id == LANG_TYPESCRIPT);
	duk_push_boolean(ctx, req->lower_for_node);
	duk_push_string(ctx, js_lower_module_kind(req));
	if (duk_pcall(ctx, 4) != 0) {
		/* A bug in the transpiler on this input: say so, not "syntax".
		 * (Also the way an interrupted transform ends.) */
		char *msg = NULL;
		(void)!asprintf(&msg, "the TypeScript transpiler failed on this code: %s",
				duk_safe_to_string(ctx, -1));
		error_record(err, "InternalError", msg ? msg : "transpiler failure", NULL, NULL,
			     filename);
		free(msg);
		rc = JS_TRANSPILER_BROKEN;
	} else {
		rc = take_result(ctx, l, filename, err);
	}
	duk_set_top(ctx, 0);
	return rc;
}

void js_transpiler_close(struct js_transpiler *t)
{
	/* No duk_destroy_heap(): see lower_arena.c. */
	lower_arena_release(&t->arena);
	t->ctx = NULL;
	t->loaded = 0;
}

/* acorn's tree of a snippet takes a few MiB */
#define SUBSET_REGION_MAX ((size_t)32 << 20)

int js_lower_subset(struct js_lower *l, const struct request *req, const char *filename,
		    duk_alloc_function alloc, duk_realloc_function realloc_fn,
		    duk_free_function free_fn, void *udata, struct buf *err)
{
	struct js_transpiler t = {0};
	struct buf why = BUF_INIT;
	bool ts = req->lang->id == LANG_TYPESCRIPT;
	/* TypeScript: acorn with its TypeScript plugin (subset_ts.js) */
	const unsigned char *bc = ts ? js_lower_subset_ts_bc : js_lower_subset_bc;
	const unsigned char *bc_end = ts ? js_lower_subset_ts_bc_end : js_lower_subset_bc_end;
	int rc = 1;

	/* A heap that cannot be made or set up here is not the user's
	 * error: TypeScript's route still runs, and says what it finds. */
	if (heap_open(&t, req, SUBSET_REGION_MAX, bc, (size_t)(bc_end - bc), filename, alloc,
		      realloc_fn, free_fn, udata, &why) != 0) {
		buf_release(&why);
		return 1;
	}
	duk_get_global_string(t.ctx, "__sbx_lower_subset");
	duk_push_lstring(t.ctx, req->code, req->code_len);
	duk_push_string(t.ctx, l->reserved ? l->reserved : "");
	duk_push_boolean(t.ctx, ts);
	/* a throw (a bug, or the timeout's interrupt) is a fallback too:
	 * the worst this route can do is cost its time */
	if (duk_pcall(t.ctx, 3) == 0 && duk_is_object(t.ctx, -1) &&
	    duk_has_prop_string(t.ctx, -1, "code"))
		rc = take_result(t.ctx, l, filename, err) == 0 ? 0 : -1;
	js_transpiler_close(&t);
	return rc;
}

/* One run: a session of one execution whose heap is not kept. */
int js_lower_child(struct js_lower *l, const struct request *req, const char *filename,
		   duk_alloc_function alloc, duk_realloc_function realloc_fn,
		   duk_free_function free_fn, void *udata, struct buf *err)
{
	struct js_transpiler t = {0};
	int rc = js_lower_session(&t, l, req, filename, alloc, realloc_fn, free_fn, udata, err);

	if (t.ctx) /* kept: js_lower_session closed it already otherwise */
		js_transpiler_close(&t);
	return rc;
}
