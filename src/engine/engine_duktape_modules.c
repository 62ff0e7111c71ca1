/* engine_duktape_modules — a multi-file program's own modules on Duktape:
 * `import {f} from './lib.js'` and `require('./lib.js')` of a file given
 * with -f (the run's files, which node finds in its working directory).
 *
 * The parent reads the run's JavaScript and JSON files into the job before
 * the fork (the child's allow-list has no open(2)); nothing else can be
 * loaded, so a module is only ever one of the run's own files, by its name
 * in the working directory. In the child, N.moduleSource(name) (node's
 * library's require and import, nodelib/require.js) lowers the file as the
 * program is lowered (in a transpiler heap of its own, under the run's
 * memory cap and timeout) and compiles it as node wraps a CommonJS module:
 * a function of (exports, require, module, __filename, __dirname) on the
 * file's first line, so its line numbers stay. Calls js/lower.h, util. */
#include <stdlib.h>
#include <string.h>

#include <duktape.h>
#include <jansson.h>

#include "engine/engine_duktape_int.h"
#include "util/util.h"

/* What one module file may hold: node's limit is memory, ours the run's
 * files limit; a bigger file is not a module anyone writes by hand. */
#define MODULE_MAX_BYTES (16u << 20)

void engine_duktape_modules_read(struct duk_job *job)
{
	const struct request *req = job->req;
	job->modules = NULL;
	job->nmodules = 0;
	for (size_t i = 0; i < req->nfiles; i++) {
		const struct file_spec *f = &req->files[i];
		struct buf b = BUF_INIT;
		if (!lang_js_module_file(f->name) || read_file(f->src, MODULE_MAX_BYTES, &b) != 0) {
			buf_release(&b); /* not a module: import says it is not found */
			continue;
		}
		job->modules = xrealloc(job->modules, (job->nmodules + 1) * sizeof *job->modules);
		job->modules[job->nmodules].name = f->name;
		job->modules[job->nmodules].len = b.len;
		job->modules[job->nmodules].code = buf_detach(&b, NULL);
		job->nmodules++;
	}
}

void engine_duktape_modules_from_json(struct duk_job *job, json_t *modules)
{
	const char *name;
	json_t *text;
	engine_duktape_modules_release(job);
	json_object_foreach(modules, name, text)
	{
		if (!json_is_string(text))
			continue;
		job->modules = xrealloc(job->modules, (job->nmodules + 1) * sizeof *job->modules);
		job->modules[job->nmodules].name = name; /* the frame's, kept until the end */
		job->modules[job->nmodules].len = json_string_length(text);
		char *code = xmalloc(json_string_length(text) + 1);
		memcpy(code, json_string_value(text), json_string_length(text) + 1);
		job->modules[job->nmodules].code = code;
		job->nmodules++;
	}
}

void engine_duktape_modules_release(struct duk_job *job)
{
	for (size_t i = 0; i < job->nmodules; i++)
		free(job->modules[i].code);
	free(job->modules);
	job->modules = NULL;
	job->nmodules = 0;
}

/* The runtime library groups the module's lowered code needs, added to
 * what the program installed (as native_runtime does for node's library). */
static int install_runtime(duk_context *ctx, unsigned mask, unsigned corejs)
{
	if (!mask)
		return 0;
	if (duk_get_global_string(ctx, "__sbx_runtime") && duk_is_function(ctx, -1)) {
		duk_push_uint(ctx, mask);
		duk_push_string(ctx, DUK_HIDDEN_SYMBOL("sbx"));
		duk_push_uint(ctx, corejs);
		if (duk_pcall(ctx, 3) != 0)
			return -1;
		duk_pop(ctx);
		return 0;
	}
	duk_pop(ctx);
	return js_runtime_install(ctx, mask, corejs);
}

static duk_ret_t decode_top(duk_context *ctx, void *udata)
{
	(void)udata;
	duk_json_decode(ctx, -1);
	return 1;
}

/* The lowering's error record (JSON text) as a thrown SyntaxError. */
static duk_ret_t throw_record(duk_context *ctx, const char *name, const struct buf *err)
{
	const char *msg = "the module could not be lowered";
	duk_push_lstring(ctx, err->data ? err->data : "{}", err->len);
	if (duk_safe_call(ctx, decode_top, NULL, 1, 1) == 0 && duk_is_object(ctx, -1)) {
		duk_get_prop_string(ctx, -1, "message");
		if (duk_is_string(ctx, -1))
			msg = duk_get_string(ctx, -1);
		duk_get_prop_string(ctx, -2, "line");
		return duk_error(ctx, DUK_ERR_SYNTAX_ERROR, "%s (%s:%d)", msg, name,
				 duk_get_int(ctx, -1));
	}
	return duk_error(ctx, DUK_ERR_SYNTAX_ERROR, "%s (%s)", msg, name);
}

/* N.moduleSource(name): undefined when the run has no such file; a JSON
 * file's text; else the module's function (see the top). */
duk_ret_t engine_duktape_native_module_source(duk_context *ctx)
{
	const char *name = duk_require_string(ctx, 0);
	struct duk_job *job = engine_duktape_child_job;
	const struct js_module *m = NULL;
	for (size_t i = 0; job && i < job->nmodules; i++)
		if (!strcmp(job->modules[i].name, name))
			m = &job->modules[i];
	if (!m)
		return 0;
	const char *dot = strrchr(name, '.');
	if (!strcmp(dot, ".json")) {
		duk_push_lstring(ctx, m->code, m->len);
		return 1;
	}
	struct request req = *job->req;
	req.code = m->code;
	req.code_len = m->len;
	req.code_origin = (char *)name; /* .mjs, .cjs: what node makes of it */
	req.state_dir = NULL;		/* no cache in here: the filter allows no open */
	req.lang = lang_get(!strcmp(dot, ".ts") ? LANG_TYPESCRIPT : LANG_JAVASCRIPT);
	struct js_lower l;
	struct buf err = BUF_INIT;
	js_lower_prepare(&l, &req);
	if (js_lower_child(&l, &req, name, duktape_mem_alloc, duktape_mem_realloc, duktape_mem_free,
			   &engine_duktape_child_mem, &err) != 0) {
		js_lower_release(&l);
		return throw_record(ctx, name, &err);
	}
	if (install_runtime(ctx, l.runtime, l.corejs) != 0) {
		js_lower_release(&l);
		return duk_throw(ctx);
	}
	duk_push_string(ctx, "(function (exports, require, module, __filename, __dirname) {");
	duk_push_lstring(ctx, l.code, l.code_len);
	duk_push_string(ctx, "\n})");
	duk_concat(ctx, 3);
	js_lower_release(&l);
	duk_push_string(ctx, name);
	if (duk_pcompile(ctx, DUK_COMPILE_EVAL) != 0)
		return duk_throw(ctx);
	duk_call(ctx, 0); /* the eval's value: the function */
	return 1;
}
