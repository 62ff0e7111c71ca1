/* engine_duktape_math — the ES2015 Math functions Duktape 2.x lacks (sinh,
 * cosh, tanh, asinh, acosh, atanh, expm1, log1p, fround), as natives over
 * libm: written in JavaScript from exp and log they lose the last digits
 * near zero (expm1(1e-10), log1p(1e-15)), where node's are exact. Installed
 * on Math as the built-ins are: not enumerable, with their names and a
 * length of 1. Calls Duktape and libm only. */
#include <math.h>

#include <duktape.h>

#include "engine/engine_duktape_int.h"

#define UNARY(NAME, EXPR)                                                                          \
	static duk_ret_t math_##NAME(duk_context *ctx)                                             \
	{                                                                                          \
		double x = duk_to_number(ctx, 0);                                                  \
		duk_push_number(ctx, (EXPR));                                                      \
		return 1;                                                                          \
	}

UNARY(sinh, sinh(x))
UNARY(cosh, cosh(x))
UNARY(tanh, tanh(x))
UNARY(asinh, asinh(x))
UNARY(acosh, acosh(x))
UNARY(atanh, atanh(x))
UNARY(expm1, expm1(x))
UNARY(log1p, log1p(x))
UNARY(fround, (double)(float)x)

void engine_duktape_install_math(duk_context *ctx)
{
	static const struct {
		const char *name;
		duk_c_function fn;
	} fns[] = {
	    {"sinh", math_sinh},   {"cosh", math_cosh},	  {"tanh", math_tanh},
	    {"asinh", math_asinh}, {"acosh", math_acosh}, {"atanh", math_atanh},
	    {"expm1", math_expm1}, {"log1p", math_log1p}, {"fround", math_fround},
	};
	duk_get_global_string(ctx, "Math");
	for (size_t i = 0; i < sizeof(fns) / sizeof(fns[0]); i++) {
		if (duk_has_prop_string(ctx, -1, fns[i].name))
			continue; /* Duktape's own, where it has one */
		duk_push_string(ctx, fns[i].name);
		duk_push_c_function(ctx, fns[i].fn, 1);
		duk_push_string(ctx, "name");
		duk_push_string(ctx, fns[i].name);
		duk_def_prop(ctx, -3, DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_CONFIGURABLE);
		duk_def_prop(ctx, -3,
			     DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_SET_WRITABLE |
				 DUK_DEFPROP_SET_CONFIGURABLE | DUK_DEFPROP_CLEAR_ENUMERABLE);
	}
	duk_pop(ctx);
}
