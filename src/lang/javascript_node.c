/* javascript_node — JavaScript and TypeScript under the real node
 * (--engine node): the interpreter under the same layered sandbox as
 * Python (namespaces and root, Landlock, the interpreters' seccomp
 * deny-list, cgroup, rlimits, uid), with sbx's node prelude
 * (src/engine/prelude/sbx_prelude_node.js) for the inputs, the result and
 * the report.
 *
 * A FILE runs as `node FILE` runs it (the prelude is only --require'd), so
 * it prints exactly what node prints; a snippet (-e, stdin, Markdown, a
 * deployment) runs in the prelude through `vm`, as `node -e` would, and
 * its final expression is the result. TypeScript is lowered by sbx's own
 * lowering, in the sandboxed Duktape child as for Duktape runs (and from
 * the same cache), and the output runs in node.
 *
 * Memory: V8 reserves far more address space than it uses (node does not
 * start under 750 MB of RLIMIT_AS), so the cgroup's memory limit is the
 * wall and RLIMIT_AS only a backstop at the limit plus NODE_AS_EXTRA (what
 * bounds node where no cgroup is available). V8's old space is capped
 * below the limit (--max-old-space-size) so that most programs meet V8's
 * own "heap out of memory" first, which sbx reports as memory_limit too.
 *
 * May call: engine_spawn's shared steps (spawn_kit.h), the Duktape
 * engine (lowering only), js/lower, workdir, outcome, util, libc.
 */
#include "engine/engine.h"

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine_duktape.h"
#include "engine/js/lower.h"
#include "lang/lang_int.h"
#include "prelude_node.h"
#include "util/util.h"

#define NODE_MIN_OLD_SPACE_MB 16
#define NODE_AS_EXTRA	      (1ull << 30) /* V8's reservations: see above */
/* What node needs besides its old space: the binary and its libraries,
 * the young generation, code space and the libuv threads (~40 MB RSS for
 * `node -e 0`). */
#define NODE_OVERHEAD_MB 48

/* --max-old-space-size for a memory limit: the limit less node's own
 * needs, at least NODE_MIN_OLD_SPACE_MB. */
static unsigned long old_space_mb(uint64_t memory_bytes)
{
	uint64_t mb = memory_bytes >> 20;
	uint64_t old = mb > NODE_OVERHEAD_MB ? mb - NODE_OVERHEAD_MB : 0;
	return old < NODE_MIN_OLD_SPACE_MB ? NODE_MIN_OLD_SPACE_MB : (unsigned long)old;
}

/* The file name node gives a snippet: "[eval]" (-e), "[stdin]" (-); a
 * FILE's base name when it runs as a snippet (TypeScript). */
static const char *snippet_name(const struct request *req)
{
	const char *o = req->code_origin;
	if (!o || !strcmp(o, "-e") || req->code_from_markdown || req->deployment_name)
		return "[eval]";
	if (!strcmp(o, "-"))
		return "[stdin]";
	const char *slash = strrchr(o, '/');
	return slash && slash[1] ? slash + 1 : o;
}

/* TypeScript: the lowered code, from the cache or lowered now in the
 * sandboxed Duktape child (which fills the cache). Returns 0 (s->node_lower
 * holds the code), 1 when out is final (a syntax error), -1 on a setup
 * failure. */
static int lower_typescript(struct spawn_run *s)
{
	struct request *req = s->req;
	req->lower_for_node = true; /* its cache key too: node's output is not Duktape's */
	js_lower_prepare(&s->node_lower, req);
	if (!s->node_lower.needed || s->node_lower.cached)
		return 0;
	enum js_engine engine = req->engine;
	bool build_only = req->build_only;
	unsigned require = req->require;
	/* The lowering child is Duktape's (seccomp allow-list and rlimits):
	 * the layers asked of node's run are asked of node's run. */
	req->engine = JS_ENGINE_DUKTAPE;
	req->build_only = true;
	req->require = 0;
	struct outcome lo;
	outcome_init(&lo, req);
	engine_duktape_run(req, &lo, NULL);
	req->engine = engine;
	req->build_only = build_only;
	req->require = require;
	int rc = 0;
	if (lo.status != STATUS_OK) {
		/* The code's own error (a syntax error) or the lowering's limit. */
		s->out->status = lo.status;
		s->out->exited = lo.exited;
		s->out->exit_code = lo.exit_code;
		json_decref(s->out->error);
		s->out->error = lo.error ? json_incref(lo.error) : NULL;
		rc = 1;
	} else {
		js_lower_release(&s->node_lower);
		js_lower_prepare(&s->node_lower, req);
		if (!s->node_lower.cached)
			rc = engine_spawn_setup_failed(
			    s->out, "the lowered TypeScript could not be kept in the state "
				    "directory's cache: check that it is writable");
	}
	outcome_release(&lo);
	return rc;
}

/* The path node runs a FILE at: its copy in the working directory (where
 * program_copy_in put it, so __dirname is where its data files are), or a
 * private copy when a --file took its name or the name is not one sbx
 * copies. */
static int file_path(struct spawn_run *s)
{
	const struct request *req = s->req;
	const char *base = strrchr(req->code_origin, '/');
	base = base ? base + 1 : req->code_origin;
	const char *why;
	bool in_cwd = workdir_valid_name(base, &why) == 0;
	for (size_t i = 0; in_cwd && i < req->nfiles; i++)
		in_cwd = strcmp(req->files[i].name, base) != 0;
	if (in_cwd) {
		snprintf(s->node_main, sizeof s->node_main, "%s/%s", s->wd.cwd, base);
		return 0;
	}
	snprintf(s->node_main, sizeof s->node_main, "%s/" WORKDIR_PRIVATE "/program.js",
		 s->wd.path);
	return workdir_write(&s->wd, WORKDIR_PRIVATE "/program.js", req->code, req->code_len);
}

static uint64_t node_rlimit_as(uint64_t memory_bytes)
{
	return memory_bytes + NODE_AS_EXTRA;
}

int javascript_node_spawn_args(struct spawn_run *s, struct argv_builder *a, const char *inputs_arg,
			       char *const *compile_cmd, uint64_t *as)
{
	(void)compile_cmd;
	/* V8 reserves more than it uses: the cgroup is the wall */
	*as = node_rlimit_as(s->req->limits.memory_bytes);
	const struct request *req = s->req;
	const char *code = req->code;
	size_t code_len = req->code_len;
	if (req->lang->id == LANG_TYPESCRIPT) {
		int rc = lower_typescript(s);
		if (rc != 0)
			return rc;
		code = s->node_lower.code;
		code_len = s->node_lower.code_len;
	}
	/* A FILE of JavaScript runs as node runs it; everything else, and any
	 * check without running, as a snippet. */
	bool as_file =
	    request_code_is_file(req) && req->lang->id == LANG_JAVASCRIPT && !req->build_only;
	if (workdir_write(&s->wd, WORKDIR_PRIVATE "/prelude.js", prelude_node,
			  strlen(prelude_node)) < 0)
		return engine_spawn_setup_failed(s->out, "cannot write node's prelude");
	snprintf(s->node_prelude, sizeof s->node_prelude, "%s/" WORKDIR_PRIVATE "/prelude.js",
		 s->wd.path);
	snprintf(s->node_heap, sizeof s->node_heap, "--max-old-space-size=%lu",
		 old_space_mb(req->limits.memory_bytes));
	engine_spawn_arg(a, s->node_heap);
	snprintf(s->node_env[0], sizeof s->node_env[0], "SBX_NODE_INPUTS=%s", inputs_arg);
	snprintf(s->node_env[1], sizeof s->node_env[1], "SBX_NODE_RESULT=%d",
		 !as_file && engine_duktape_ends_with_expression(code, code_len));
	snprintf(s->node_env[2], sizeof s->node_env[2], "SBX_NODE_CHECK=%d", req->build_only);
	snprintf(s->node_env[3], sizeof s->node_env[3], "SBX_NODE_LOWERED=%d",
		 req->lang->id == LANG_TYPESCRIPT);
	size_t n;
	for (n = 0; s->env[n]; n++)
		;
	for (size_t i = 0; i < 4; i++)
		s->env[n++] = s->node_env[i];
	s->env[n] = NULL;
	if (as_file) {
		if (file_path(s) < 0)
			return engine_spawn_setup_failed(s->out,
							 "cannot copy the program for node");
		engine_spawn_arg(a, "--require");
		engine_spawn_arg(a, s->node_prelude);
		engine_spawn_arg(a, s->node_main);
		return 0;
	}
	if (workdir_write(&s->wd, WORKDIR_PRIVATE "/code.js", code, code_len) < 0)
		return engine_spawn_setup_failed(s->out, "cannot write the code for node");
	snprintf(s->node_main, sizeof s->node_main, "%s/" WORKDIR_PRIVATE "/code.js", s->wd.path);
	engine_spawn_arg(a, s->node_prelude);
	engine_spawn_arg(a, s->node_main);
	engine_spawn_arg(a, snippet_name(req));
	return 0;
}

static bool has_text(const struct buf *b, const char *needle)
{
	size_t n = strlen(needle);
	for (size_t i = 0; b->data && i + n <= b->len; i++)
		if (!memcmp(b->data + i, needle, n))
			return true;
	return false;
}

/* V8's own out-of-memory ends node with SIGABRT after "FATAL ERROR: ...
 * JavaScript heap out of memory" (or "Fatal process out of memory" when
 * the address-space backstop refuses a reservation) on stderr, which is in
 * the stdout capture when the two streams are one: the memory limit, as
 * the cgroup's OOM kill is. The code could print that and abort, so the
 * run must also have used most of the heap's cap (its peak, which sbx
 * measures), as it has when V8 really ran out. */
static bool v8_heap_oom(const struct outcome *out, uint64_t memory_bytes)
{
	static const char needle[] = "out of memory";
	uint64_t used_kb = (uint64_t)old_space_mb(memory_bytes) * 1024 / 2;
	return out->status == STATUS_SIGNALED && out->signal == SIGABRT &&
	       out->memory_peak_kb >= used_kb &&
	       (has_text(&out->err.kept, needle) || has_text(&out->out.kept, needle));
}

void javascript_node_spawn_finish(struct spawn_run *s)
{
	struct outcome *out = s->out;
	const struct request *req = s->req;
	if (v8_heap_oom(out, req->limits.memory_bytes))
		outcome_fail(out, STATUS_MEMORY_LIMIT, "MemoryLimit",
			     "the memory limit of %llu MiB was reached (V8's heap is capped at "
			     "%lu MiB of it)",
			     (unsigned long long)(req->limits.memory_bytes >> 20),
			     old_space_mb(req->limits.memory_bytes));
	/* TypeScript: the error's lines are the lowered code's; map them back
	 * to the user's source, as the Duktape engine does. */
	if (out->error && s->node_lower.lines) {
		char *text = json_dumps(out->error, JSON_COMPACT);
		struct buf mapped = BUF_INIT;
		if (text) {
			js_lower_map_error(&s->node_lower, snippet_name(req), text, strlen(text),
					   &mapped);
			json_t *e = json_loadb(mapped.data, mapped.len, 0, NULL);
			if (json_is_object(e)) {
				json_decref(out->error);
				out->error = e;
			} else {
				json_decref(e);
			}
		}
		free(text);
		buf_release(&mapped);
	}
	if (!out->extra)
		out->extra = json_object();
	json_object_set_new(out->extra, "engine", json_string("node"));
}
