/* engine_duktape_process — what a JavaScript program sees of its process:
 * the global `args` (the words given after `--`) and the argv and env of
 * the prelude's node-style `process` (src/engine/js/prelude/process.js).
 * Kept apart from the engine so that the runtime's module work (require)
 * can find it in one place.
 *
 * process.env holds only what --env gave: the host environment never
 * reaches the sandbox, and the embedded engine has no environment of its
 * own. process.argv is node's shape: ['node', '/FILE', ...args].
 */
#include <duktape.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "core/request.h"

#include "engine/engine_duktape.h"
#include "engine/engine_duktape_int.h"

static void push_strings(duk_context *ctx, char *const *v, size_t n, duk_uarridx_t at)
{
	for (size_t i = 0; i < n; i++) {
		duk_push_string(ctx, v[i]);
		duk_put_prop_index(ctx, -2, at + (duk_uarridx_t)i);
	}
}

void engine_duktape_set_process(duk_context *ctx, const struct request *req, const char *file)
{
	duk_push_global_object(ctx);

	duk_push_array(ctx);
	push_strings(ctx, req->args, req->nargs, 0);
	duk_put_prop_string(ctx, -2, "args");

	/* The prelude's process object (exit(), exit handlers, streams,
	 * nextTick) gets the argv and env of this run. */
	if (!duk_get_prop_string(ctx, -1, "process") || !duk_is_object(ctx, -1)) {
		duk_pop_2(ctx); /* no prelude: nothing to fill in */
		return;
	}
	duk_push_array(ctx);
	duk_push_string(ctx, "node");
	duk_put_prop_index(ctx, -2, 0);
	/* A file is /FILE, as module.filename and __filename have it (the
	 * prelude's process.js): node gives the script's absolute path. */
	if (request_code_is_file(req))
		duk_push_sprintf(ctx, "/%s", file);
	else
		duk_push_string(ctx, file);
	duk_put_prop_index(ctx, -2, 1);
	push_strings(ctx, req->args, req->nargs, 2);
	duk_put_prop_string(ctx, -2, "argv");
	duk_push_object(ctx);
	for (size_t i = 0; i < req->nenv; i++) {
		const char *kv = req->env[i], *eq = strchr(kv, '=');
		duk_push_lstring(ctx, kv, (duk_size_t)(eq - kv));
		duk_push_string(ctx, eq + 1);
		duk_put_prop(ctx, -3);
	}
	duk_put_prop_string(ctx, -2, "env");
	duk_pop_2(ctx);
}

/* ---- a session's execution (engine_duktape_kernel.c) ----
 * Both run as safe calls: `process`, its `env` and `argv` are the code's
 * to change (a number, a getter that throws, a frozen object), and a throw
 * outside a protected call is Duktape's fatal error, the kernel's end.
 * Whatever the code made of them, the execution goes on without. */

struct env_call {
	json_t *env, *old;
};

static duk_ret_t env_swap(duk_context *ctx, void *udata)
{
	struct env_call *c = udata;
	const char *k;
	json_t *v;
	duk_get_global_string(ctx, "process");
	if (!duk_is_object(ctx, -1))
		return 0;
	duk_get_prop_string(ctx, -1, "env");
	if (!duk_is_object(ctx, -1))
		return 0;
	json_object_foreach(c->env, k, v)
	{
		if (duk_get_prop_string(ctx, -1, k))
			json_object_set_new(c->old, k, json_string(duk_safe_to_string(ctx, -1)));
		else
			json_object_set_new(c->old, k, json_null());
		duk_pop(ctx);
		if (json_is_string(v)) {
			duk_push_string(ctx, json_string_value(v));
			duk_put_prop_string(ctx, -2, k);
		} else {
			duk_del_prop_string(ctx, -1, k);
		}
	}
	return 0;
}

json_t *engine_duktape_session_env(duk_context *ctx, json_t *env)
{
	struct env_call c = {env, json_object()};
	(void)duk_safe_call(ctx, env_swap, &c, 0, 1);
	duk_pop(ctx);
	return c.old;
}

static duk_ret_t args_set(duk_context *ctx, void *udata)
{
	json_t *args = udata;
	size_t n = json_array_size(args);
	duk_push_global_object(ctx);
	duk_push_array(ctx);
	for (size_t i = 0; i < n; i++) {
		duk_push_string(ctx, json_string_value(json_array_get(args, i)) ?: "");
		duk_put_prop_index(ctx, -2, (duk_uarridx_t)i);
	}
	duk_put_prop_string(ctx, -2, "args");
	/* process.argv: node's 'node' and '[eval]', then the arguments. */
	duk_get_prop_string(ctx, -1, "process");
	if (!duk_is_object(ctx, -1))
		return 0;
	duk_get_prop_string(ctx, -1, "argv");
	if (!duk_is_array(ctx, -1))
		return 0;
	duk_set_length(ctx, -1, 2);
	for (size_t i = 0; i < n; i++) {
		duk_push_string(ctx, json_string_value(json_array_get(args, i)) ?: "");
		duk_put_prop_index(ctx, -2, (duk_uarridx_t)(i + 2));
	}
	return 0;
}

void engine_duktape_session_args(duk_context *ctx, json_t *args)
{
	(void)duk_safe_call(ctx, args_set, args, 0, 1);
	duk_pop(ctx);
}

static duk_ret_t inputs_set(duk_context *ctx, void *udata)
{
	engine_duktape_set_inputs(ctx, udata);
	return 0;
}

void engine_duktape_session_inputs(duk_context *ctx, const char *json)
{
	(void)duk_safe_call(ctx, inputs_set, (void *)json, 0, 1);
	duk_pop(ctx);
}
