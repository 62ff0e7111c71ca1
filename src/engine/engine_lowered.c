/* engine_lowered — a deployment's lowered code, for deploy and
 * exec-deployment: which requests are lowered and where their cache file
 * is, so the fronts need not know the lowering (js/lower.h). */
#include "engine/engine.h"
#include "engine/js/lower.h"

/* Under node, only TypeScript is lowered (JavaScript runs as it is). */
static bool lowered(const struct request *req)
{
	return req->lang->engine == ENGINE_DUKTAPE &&
	       (!request_uses_node(req) || req->lang->id == LANG_TYPESCRIPT);
}

int engine_lowered_path(const struct request *req, char *out, size_t n)
{
	if (!lowered(req))
		return -1;
	return js_lower_cache_path(req, out, n);
}

int engine_lowered_restore(const struct request *req, const char *text, size_t len)
{
	if (!lowered(req))
		return -1;
	return js_lower_cache_restore(req, text, len);
}
