/* javascript — JavaScript's backend: the embedded Duktape engine (src/engine,
 * after sbx's lowering of newer syntax, src/engine/js) by default, the real
 * node under --engine node (javascript_node.c); a session is a Duktape
 * heap. TypeScript (typescript.c) shares all of it.
 */
#include <jansson.h>

#include "core/request.h"
#include "engine/engine_kernel.h"
#include "engine/js/tokenize.h"
#include "lang/lang_int.h"
#include "util/util.h"

/* A session's heap is the embedded engine, which has no stdin. */
static int js_session_refuse(const struct request *req)
{
	if (req->stdin_path)
		return error("a %s session runs in the embedded engine, which has no stdin: "
			     "--stdin (request key \"stdin\") does not apply; pass data with "
			     "-i/--inputs",
			     req->lang->name);
	return 0;
}

const char *javascript_checker_name(const struct request *req)
{
	return request_uses_node(req) ? "node" : "duktape";
}

void javascript_transforms(const struct request *req, json_t *a)
{
	if (req->lang->id == LANG_TYPESCRIPT) {
		json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s}", "kind", "lower", "from",
						   "typescript", "to", "es5", "reason",
						   request_uses_node(req)
						       ? "types are removed by sbx's lowering; "
							 "node runs the output"
						       : "types are removed and newer syntax "
							 "lowered for Duktape"));
		return;
	}
	if (request_uses_node(req)) /* node runs it as it is */
		return;
	/* js_scan decides what is lowered. */
	struct js_scan s;
	js_scan(req->code, req->code_len, &s);
	if (s.feature)
		json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s, s:i}", "kind", "lower",
						   "from", "es2015+", "to", "es5", "reason",
						   s.feature, "line", (int)s.line));
}

const struct lang_ops lang_javascript = {
    .spawn_args = javascript_node_spawn_args, /* only under --engine node */
    .spawn_finish = javascript_node_spawn_finish,
    .spawn_gated = true,
    .builds = true,
    .rich_results = true,
    .kernel_run = engine_duktape_kernel_run,
    .session_refuse = js_session_refuse,
    .checker_name = javascript_checker_name,
    .transforms = javascript_transforms,
    .print_result_snippet = PRINT_RESULT_ALWAYS,
};
