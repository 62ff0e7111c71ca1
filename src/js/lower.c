/* lower — see lower.h. */
#include "js/lower.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "engine_duktape.h"
#include "js/tokenize.h"
#include "sandbox.h"
#include "statedir.h"
#include "util.h"

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
	".hidden js_lower_rt_bc\n"
	"js_lower_rt_bc:\n"
	".incbin \"" JS_LOWER_RT_BC_PATH "\"\n"
	".hidden js_lower_rt_bc_end\n"
	"js_lower_rt_bc_end:\n"
	".balign 16\n"
	".hidden js_lower_cj_bc\n"
	"js_lower_cj_bc:\n"
	".incbin \"" JS_LOWER_CJ_BC_PATH "\"\n"
	".hidden js_lower_cj_bc_end\n"
	"js_lower_cj_bc_end:\n"
	".previous\n");
extern const unsigned char js_lower_ts_bc[], js_lower_ts_bc_end[];
extern const unsigned char js_lower_rt_bc[], js_lower_rt_bc_end[];
extern const unsigned char js_lower_cj_bc[], js_lower_cj_bc_end[];

/* Options that change the output are part of the cache key; bump this
 * when transpile.js or the options in it change in a way the bytecode hash
 * would not show (it always does today: the hash covers transpile.js). */
#define LOWER_KEY_VERSION "sbx-lower-1"
#define LINES_TAG	  "\n//# sbx-lines="
#define CACHE_MAX	  (64u << 20)

const char *js_lower_transpiler(void)
{
	return "typescript " JS_LOWER_TS_VERSION;
}

/* ---- line maps ---- */

/* "3,3,4,0,5" → array. Strict: digits and commas only. */
static int parse_lines(const char *s, size_t len, unsigned **out, size_t *n)
{
	size_t cap = 1, k = 0;
	unsigned *a;
	unsigned long v = 0;
	bool digit = false;

	for (size_t i = 0; i < len; i++)
		cap += s[i] == ',';
	a = xcalloc(cap, sizeof *a);
	for (size_t i = 0; i <= len; i++) {
		if (i == len || s[i] == ',') {
			if (!digit && len) {
				free(a);
				return -1;
			}
			if (k < cap)
				a[k++] = (unsigned)v;
			v = 0;
			digit = false;
		} else if (s[i] >= '0' && s[i] <= '9' && v < 100000000) {
			v = v * 10 + (unsigned long)(s[i] - '0');
			digit = true;
		} else {
			free(a);
			return -1;
		}
	}
	*out = a;
	*n = len ? k : 0;
	return 0;
}

/* owned = CODE LINES_TAG "n,n,n" "\n": split it into code and the map. */
static int split_owned(struct js_lower *l, size_t total)
{
	const char *tag = NULL;
	for (const char *p = l->owned; (p = strstr(p, LINES_TAG)); p++)
		tag = p;
	if (!tag)
		return -1;
	const char *nums = tag + strlen(LINES_TAG);
	size_t nlen = total - (size_t)(nums - l->owned);
	while (nlen && (nums[nlen - 1] == '\n' || nums[nlen - 1] == '\r'))
		nlen--;
	if (parse_lines(nums, nlen, &l->lines, &l->nlines) != 0)
		return -1;
	l->code = l->owned;
	l->code_len = (size_t)(tag - l->owned) + 1; /* keep the newline */
	return 0;
}

unsigned js_lower_map_line(const struct js_lower *l, unsigned line)
{
	if (!l->lines)
		return line;
	if (line == 0 || line > l->nlines)
		return 0;
	return l->lines[line - 1];
}

/* ---- parent: decide and look up the cache ---- */

static int open_cache_dir(const char *state_dir, bool create)
{
	char *path;
	int fd;

	if (!state_dir)
		return -1;
	if (create) {
		char *cache = NULL;
		if (statedir_ensure(state_dir) != 0 || statedir_ensure_sub(state_dir, "cache") != 0)
			return -1;
		if (asprintf(&cache, "%s/cache", state_dir) < 0)
			return -1;
		int rc = statedir_ensure_sub(cache, "js");
		free(cache);
		if (rc != 0)
			return -1;
	}
	if (asprintf(&path, "%s/cache/js", state_dir) < 0)
		return -1;
	fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	free(path);
	return fd;
}

static void cache_key(const struct request *req, char out[65])
{
	struct buf b = BUF_INIT;
	buf_printf(&b, "%s%c%s%c%s%c", LOWER_KEY_VERSION, 0, req->lang->name, 0,
		   JS_LOWER_TS_BC_SHA256, 0);
	buf_append(&b, req->code, req->code_len);
	sha256_hex(b.data, b.len, out);
	buf_release(&b);
}

static void cache_lookup(struct js_lower *l, const struct request *req)
{
	char name[80];
	struct buf b = BUF_INIT;
	struct stat st;
	int dfd = open_cache_dir(req->state_dir, false), fd;

	if (dfd < 0)
		return;
	snprintf(name, sizeof name, "%s.js", l->key);
	fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	close(dfd);
	if (fd < 0)
		return;
	/* Only a regular file we own: the state directory is 0700, but a
	 * cache entry is code that will run, so be strict. */
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    read_fd(fd, CACHE_MAX, &b) != 0) {
		close(fd);
		buf_release(&b);
		return;
	}
	close(fd);
	size_t len = b.len;
	l->owned = buf_detach(&b, NULL);
	if (!l->owned || split_owned(l, len) != 0) {
		free(l->owned);
		l->owned = NULL;
		return;
	}
	l->cached = true;
}

void js_lower_prepare(struct js_lower *l, const struct request *req)
{
	struct js_scan sc;

	memset(l, 0, sizeof *l);
	l->code = req->code;
	l->code_len = req->code_len;
	js_scan(req->code, req->code_len, &sc);
	l->runtime = sc.runtime;
	if (req->lang->id == LANG_TYPESCRIPT) {
		l->needed = true;
		l->feature = "TypeScript";
	} else if (sc.feature) {
		l->needed = true;
		l->feature = sc.feature;
	}
	if (!l->needed)
		return;
	cache_key(req, l->key);
	cache_lookup(l, req);
	if (l->cached) {
		js_scan(l->code, l->code_len, &sc);
		l->runtime = sc.runtime;
	}
}

/* ---- child: the transpiler heap ---- */

/* The transpiler heap gets an arena: small blocks come from 1 MiB chunks
 * with per-size free lists, and the heap is never destroyed — its chunks
 * are freed whole. duk_destroy_heap() on TypeScript's ~40 MB of objects
 * took ~100 ms, a quarter of a cold run. Chunks and big blocks come from
 * the engine's allocator, so the run's memory cap applies. */
#define ARENA_CHUNK   (1u << 20)
#define ARENA_SMALL   512u /* larger blocks go to the engine's allocator */
#define ARENA_CLASSES (ARENA_SMALL / 16)

struct arena {
	duk_alloc_function alloc;
	duk_realloc_function realloc_fn;
	duk_free_function free_fn;
	void *udata;
	void **chunks;
	size_t nchunks, chunks_cap;
	unsigned char *cur;
	size_t left;
	void *free_list[ARENA_CLASSES + 1];
};

/* Each block has a 16-byte header: its size class (0 = big block). */
struct arena_hdr {
	size_t cls;
	size_t size;
};

static void *arena_alloc(void *udata, duk_size_t size)
{
	struct arena *a = udata;
	struct arena_hdr *h;
	size_t cls;

	if (size == 0)
		return NULL;
	if (size > ARENA_SMALL) {
		h = a->alloc(a->udata, size + sizeof *h);
		if (!h)
			return NULL;
		h->cls = 0;
		h->size = size;
		return h + 1;
	}
	cls = (size + 15) / 16;
	if (a->free_list[cls]) {
		h = a->free_list[cls];
		a->free_list[cls] = *(void **)(h + 1);
		h->size = size;
		return h + 1;
	}
	size_t need = cls * 16 + sizeof *h;
	if (a->left < need) {
		if (a->nchunks == a->chunks_cap) {
			size_t nc = a->chunks_cap ? a->chunks_cap * 2 : 64;
			void **p = a->realloc_fn(a->udata, a->chunks, nc * sizeof *p);
			if (!p)
				return NULL;
			a->chunks = p;
			a->chunks_cap = nc;
		}
		a->cur = a->alloc(a->udata, ARENA_CHUNK);
		if (!a->cur)
			return NULL;
		a->chunks[a->nchunks++] = a->cur;
		a->left = ARENA_CHUNK;
	}
	h = (struct arena_hdr *)a->cur;
	a->cur += need;
	a->left -= need;
	h->cls = cls;
	h->size = size;
	return h + 1;
}

static void arena_free(void *udata, void *ptr)
{
	struct arena *a = udata;
	struct arena_hdr *h;

	if (!ptr)
		return;
	h = (struct arena_hdr *)ptr - 1;
	if (h->cls == 0) {
		a->free_fn(a->udata, h);
		return;
	}
	*(void **)ptr = a->free_list[h->cls];
	a->free_list[h->cls] = h;
}

static void *arena_realloc(void *udata, void *ptr, duk_size_t size)
{
	struct arena_hdr *h;
	void *n;

	if (!ptr)
		return arena_alloc(udata, size);
	if (size == 0) {
		arena_free(udata, ptr);
		return NULL;
	}
	h = (struct arena_hdr *)ptr - 1;
	if (h->cls && size <= h->cls * 16) {
		h->size = size;
		return ptr;
	}
	n = arena_alloc(udata, size);
	if (!n)
		return NULL;
	memcpy(n, ptr, h->size < size ? h->size : size);
	arena_free(udata, ptr);
	return n;
}

static void arena_release(struct arena *a)
{
	for (size_t i = 0; i < a->nchunks; i++)
		a->free_fn(a->udata, a->chunks[i]);
	a->free_fn(a->udata, a->chunks);
	/* Big blocks still live are leaked to the process, which is about to
	 * run the user's code and exit; they stay counted against the cap. */
	memset(a, 0, sizeof *a);
}

static void lower_fatal(void *udata, const char *msg)
{
	static const char rep[] = "{\"error\":{\"name\":\"InternalError\",\"message\":"
				  "\"the transpiler failed (Duktape fatal error)\"}}";
	(void)udata;
	(void)msg;
	(void)write_all(SANDBOX_REPORT_FD, rep, sizeof rep - 1);
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
		engine_duktape_json_ascii(&b, j, strlen(j));
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

int js_lower_child(struct js_lower *l, const struct request *req, const char *filename,
		   duk_alloc_function alloc, duk_realloc_function realloc_fn,
		   duk_free_function free_fn, void *udata, struct buf *err)
{
	struct arena a = {
	    .alloc = alloc, .realloc_fn = realloc_fn, .free_fn = free_fn, .udata = udata};
	duk_context *ctx;
	int rc = -1;

	if (!l->needed || l->cached)
		return 0;
	ctx = duk_create_heap(arena_alloc, arena_realloc, arena_free, &a, lower_fatal);
	if (!ctx) {
		error_record(err, "InternalError", "cannot create the transpiler heap", NULL, NULL,
			     filename);
		return -1;
	}
	duk_push_external_buffer(ctx);
	duk_config_buffer(ctx, -1, (void *)js_lower_ts_bc,
			  (duk_size_t)(js_lower_ts_bc_end - js_lower_ts_bc));
	duk_load_function(ctx);
	if (duk_pcall(ctx, 0) != 0) {
		error_record(err, "InternalError", duk_safe_to_string(ctx, -1), NULL, NULL,
			     filename);
		goto out;
	}
	duk_pop(ctx);
	duk_get_global_string(ctx, "__sbx_lower");
	duk_push_lstring(ctx, req->code, req->code_len);
	duk_push_boolean(ctx, req->lang->id == LANG_TYPESCRIPT);
	if (duk_pcall(ctx, 2) != 0) {
		/* A bug in the transpiler on this input: say so, not "syntax". */
		char *msg = NULL;
		(void)!asprintf(&msg, "the TypeScript transpiler failed on this code: %s",
				duk_safe_to_string(ctx, -1));
		error_record(err, "InternalError", msg ? msg : "transpiler failure", NULL, NULL,
			     filename);
		free(msg);
		goto out;
	}
	if (duk_get_prop_string(ctx, -1, "error") && duk_is_object(ctx, -1)) {
		char *name = prop_utf8(ctx, -1, "name"), *msg = prop_utf8(ctx, -1, "message");
		json_t *line = prop_int(ctx, -1, "line"), *col = prop_int(ctx, -1, "column");
		error_record(err, name ? name : "SyntaxError", msg ? msg : "invalid code", line,
			     col, filename);
		free(name);
		free(msg);
		json_decref(line);
		json_decref(col);
		goto out;
	}
	duk_pop(ctx);
	{
		duk_size_t clen, llen;
		const char *code, *lines;
		struct buf o = BUF_INIT;
		struct js_scan sc;

		duk_get_prop_string(ctx, -1, "code");
		duk_get_prop_string(ctx, -2, "lines");
		code = duk_get_lstring(ctx, -2, &clen);
		lines = duk_get_lstring(ctx, -1, &llen);
		if (!code || !lines) {
			error_record(err, "InternalError", "the transpiler returned no code", NULL,
				     NULL, filename);
			goto out;
		}
		buf_append(&o, code, clen);
		buf_puts(&o, LINES_TAG);
		buf_append(&o, lines, llen);
		buf_puts(&o, "\n");
		size_t total = o.len;
		l->owned = buf_detach(&o, NULL);
		if (split_owned(l, total) != 0) {
			error_record(err, "InternalError", "the transpiler returned a bad line map",
				     NULL, NULL, filename);
			goto out;
		}
		js_scan(l->code, l->code_len, &sc);
		l->runtime = sc.runtime;
		l->fresh = true;
	}
	rc = 0;
out:
	/* No duk_destroy_heap(): see struct arena. */
	arena_release(&a);
	return rc;
}

/* ---- child: the runtime library ---- */

/* Loads and runs one embedded bytecode program. */
static int run_bytecode(duk_context *ctx, const unsigned char *bc, const unsigned char *end)
{
	duk_push_external_buffer(ctx);
	duk_config_buffer(ctx, -1, (void *)bc, (duk_size_t)(end - bc));
	duk_load_function(ctx);
	if (duk_pcall(ctx, 0) != 0)
		return -1;
	duk_pop(ctx);
	return 0;
}

int js_runtime_install(duk_context *ctx, unsigned runtime)
{
	if (!runtime)
		return 0;
	/* core-js (Array and String methods) is a bytecode of its own: most
	 * programs never load it (see src/js/runtime/runtime.js). */
	if ((runtime & (JS_RT_ARRAY | JS_RT_STRING)) &&
	    run_bytecode(ctx, js_lower_cj_bc, js_lower_cj_bc_end) != 0)
		return -1;
	if (run_bytecode(ctx, js_lower_rt_bc, js_lower_rt_bc_end) != 0)
		return -1;
	duk_get_global_string(ctx, "__sbx_runtime");
	duk_push_uint(ctx, runtime);
	/* The runtime keeps its internal state under a hidden symbol: no
	 * script can name it or enumerate it. */
	duk_push_string(ctx, DUK_HIDDEN_SYMBOL("sbx"));
	if (duk_pcall(ctx, 2) != 0)
		return -1;
	duk_pop(ctx);
	return 0;
}

int js_runtime_drain(duk_context *ctx)
{
	if (!duk_get_global_string(ctx, "__sbx_drain") || !duk_is_function(ctx, -1)) {
		duk_pop(ctx);
		return 0;
	}
	if (duk_pcall(ctx, 0) != 0)
		return -1;
	duk_pop(ctx);
	return 0;
}

bool js_runtime_unhandled(duk_context *ctx)
{
	if (!duk_get_global_string(ctx, "__sbx_unhandled") || !duk_is_array(ctx, -1) ||
	    duk_get_length(ctx, -1) == 0) {
		duk_pop(ctx);
		return false;
	}
	duk_get_prop_index(ctx, -1, 0);
	duk_remove(ctx, -2);
	return true;
}

/* ---- child: error records and the report ---- */

/* Rewrites every "FILE:N" in s with the mapped line. */
static char *map_frames(const struct js_lower *l, const char *filename, const char *s)
{
	struct buf b = BUF_INIT;
	size_t flen = strlen(filename);
	const char *p = s;

	while (*p) {
		const char *hit = strstr(p, filename);
		if (!hit) {
			buf_puts(&b, p);
			break;
		}
		const char *q = hit + flen;
		buf_append(&b, p, (size_t)(q - p));
		if (*q == ':' && q[1] >= '0' && q[1] <= '9') {
			char *end;
			unsigned long n = strtoul(q + 1, &end, 10);
			unsigned m = js_lower_map_line(l, (unsigned)(n > UINT32_MAX ? 0 : n));
			if (m)
				buf_printf(&b, ":%u", m);
			else
				buf_append(&b, q, (size_t)(end - q));
			q = end;
		}
		p = q;
	}
	return buf_detach(&b, NULL);
}

void js_lower_map_error(const struct js_lower *l, const char *filename, const char *json,
			size_t len, struct buf *out)
{
	json_t *o, *v;
	char *s;

	if (!l->lines || !(o = json_loadb(json, len, 0, NULL))) {
		buf_append(out, json, len);
		return;
	}
	if ((v = json_object_get(o, "line")) && json_is_integer(v)) {
		unsigned m = js_lower_map_line(l, (unsigned)json_integer_value(v));
		json_object_set_new(o, "line", m ? json_integer(m) : json_null());
		json_object_set_new(o, "column", json_null());
	}
	if ((v = json_object_get(o, "traceback")) && json_is_string(v) && filename && *filename) {
		char *tb = map_frames(l, filename, json_string_value(v));
		json_object_set_new(o, "traceback", json_string(tb));
		free(tb);
	}
	s = json_dumps(o, JSON_COMPACT | JSON_ENSURE_ASCII);
	if (s)
		buf_puts(out, s);
	else
		buf_append(out, json, len);
	free(s);
	json_decref(o);
}

void js_lower_report_extra(const struct js_lower *l, struct buf *report)
{
	struct buf q = BUF_INIT;

	if (!l->fresh || !l->owned)
		return;
	/* Escape the ASCII specials here; engine_duktape_json_ascii() then
	 * turns everything non-ASCII (Duktape's internal encoding, which is
	 * not always UTF-8) into \u escapes. */
	buf_puts(&q, "\"");
	for (const unsigned char *p = (const unsigned char *)l->owned; *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_printf(&q, "\\%c", *p);
		else if (*p == '\n')
			buf_puts(&q, "\\n");
		else if (*p < 0x20 || *p == 0x7f)
			buf_printf(&q, "\\u%04x", *p);
		else
			buf_append(&q, p, 1);
	}
	buf_puts(&q, "\"");
	buf_puts(report, ",\"extra\":{\"lowered\":");
	engine_duktape_json_ascii(report, q.data, q.len);
	buf_puts(report, "}");
	buf_release(&q);
}

/* ---- parent: store ---- */

static void cache_store(const struct js_lower *l, const struct request *req, const char *text,
			size_t len)
{
	char name[80], tmp[96];
	int dfd, fd;

	dfd = open_cache_dir(req->state_dir, true);
	if (dfd < 0)
		return;
	snprintf(name, sizeof name, "%s.js", l->key);
	snprintf(tmp, sizeof tmp, ".%s.%ld.tmp", l->key, (long)getpid());
	fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		close(dfd);
		return;
	}
	/* temp file, fsync, rename: readers see the old entry or the new one. */
	if (write_all(fd, text, len) != 0 || fsync(fd) != 0) {
		close(fd);
		unlinkat(dfd, tmp, 0);
		close(dfd);
		return;
	}
	close(fd);
	if (renameat(dfd, tmp, dfd, name) != 0)
		unlinkat(dfd, tmp, 0);
	close(dfd);
}

/* Whether req's code is lowered at all, and under which cache key. */
static bool lowered_key(const struct request *req, char key[65])
{
	struct js_scan sc;
	js_scan(req->code, req->code_len, &sc);
	if (req->lang->id != LANG_TYPESCRIPT && !sc.feature)
		return false;
	cache_key(req, key);
	return true;
}

static int cache_file(const char *state_dir, const char *key, char *out, size_t n)
{
	int len = snprintf(out, n, "%s/cache/js/%s.js", state_dir, key);
	return len > 0 && (size_t)len < n ? 0 : -1;
}

int js_lower_cache_path(const struct request *req, char *out, size_t n)
{
	char key[65];
	if (!req->state_dir || !lowered_key(req, key))
		return -1;
	return cache_file(req->state_dir, key, out, n);
}

int js_lower_cache_restore(const struct request *req, const char *text, size_t len)
{
	struct js_lower l;
	struct stat st;
	char path[PATH_MAX];
	memset(&l, 0, sizeof l);
	if (!req->state_dir || !lowered_key(req, l.key) ||
	    cache_file(req->state_dir, l.key, path, sizeof path) != 0)
		return -1;
	if (lstat(path, &st) == 0)
		return 0; /* already cached */
	if (len >= CACHE_MAX || memchr(text, '\0', len) || !strstr(text, LINES_TAG))
		return -1;
	l.needed = true;
	cache_store(&l, req, text, len);
	return 0;
}

void js_lower_finish(struct js_lower *l, const struct request *req, struct outcome *out)
{
	json_t *v;

	if (!out->extra || !(v = json_object_get(out->extra, "lowered")))
		return;
	if (l->needed && !l->cached && l->key[0] && json_is_string(v)) {
		const char *text = json_string_value(v);
		size_t len = json_string_length(v);
		/* The child is untrusted: keep only something shaped like our
		 * output. It can only ever poison the entry of its own source,
		 * and cached code runs in the same sandbox. */
		if (len < CACHE_MAX && memchr(text, '\0', len) == NULL && strstr(text, LINES_TAG))
			cache_store(l, req, text, len);
	}
	json_object_del(out->extra, "lowered");
	if (json_object_size(out->extra) == 0) {
		json_decref(out->extra);
		out->extra = NULL;
	}
}

void js_lower_release(struct js_lower *l)
{
	free(l->owned);
	free(l->lines);
	l->owned = NULL;
	l->lines = NULL;
}
