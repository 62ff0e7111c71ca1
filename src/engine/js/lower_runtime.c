/* lower_runtime — the runtime library of lowered code (src/engine/js/runtime/:
 * Promise, Map, Set, core-js ...) installed in the child's heap, its
 * microtask queue drained, and unhandled rejections found. Its bytecode is
 * embedded here; calls Duktape only. */
#include "engine/js/lower.h"
#include "engine/js/lower_int.h"

#include "engine/js/tokenize.h"

#include "js_lower_gen.h"

/* The bytecode is part of the binary (see the header comment in lower.h):
 * .incbin keeps the build fast where an 8 MB C array would not be, and the
 * generated header's hashes make this object rebuild when it changes. */
__asm__(".section .rodata\n"
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
extern const unsigned char js_lower_rt_bc[], js_lower_rt_bc_end[];
extern const unsigned char js_lower_cj_bc[], js_lower_cj_bc_end[];

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

int js_runtime_install(duk_context *ctx, unsigned runtime, unsigned corejs)
{
	if (!runtime)
		return 0;
	/* core-js (Array and String methods) is a bytecode of its own: most
	 * programs never load it (see src/engine/js/runtime/runtime.js). */
	if (!(runtime & (JS_RT_ARRAY | JS_RT_STRING)))
		corejs = 0;
	if (corejs && run_bytecode(ctx, js_lower_cj_bc, js_lower_cj_bc_end) != 0)
		return -1;
	if (run_bytecode(ctx, js_lower_rt_bc, js_lower_rt_bc_end) != 0)
		return -1;
	duk_get_global_string(ctx, "__sbx_runtime");
	duk_push_uint(ctx, runtime);
	/* The runtime keeps its internal state under a hidden symbol: no
	 * script can name it or enumerate it. */
	duk_push_string(ctx, DUK_HIDDEN_SYMBOL("sbx"));
	duk_push_uint(ctx, corejs);
	if (duk_pcall(ctx, 3) != 0)
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
