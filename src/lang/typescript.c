/* typescript — TypeScript's backend: JavaScript's (javascript.c), with the
 * types removed by sbx's lowering (src/engine/js) before Duktape or node
 * runs the output; its session is a Duktape heap too.
 */
#include "core/request.h"
#include "engine/engine_kernel.h"
#include "lang/lang_int.h"

/* The same stdin refusal as JavaScript's sessions. */
static int ts_session_refuse(const struct request *req)
{
	return lang_javascript.session_refuse(req);
}

const struct lang_ops lang_typescript = {
    .spawn_args = javascript_node_spawn_args, /* only under --engine node */
    .spawn_finish = javascript_node_spawn_finish,
    .spawn_gated = true,
    .builds = true,
    .rich_results = true,
    .kernel_run = engine_duktape_kernel_run,
    .session_refuse = ts_session_refuse,
    .checker_name = javascript_checker_name,
    .transforms = javascript_transforms,
    .print_result_snippet = PRINT_RESULT_ALWAYS,
};
