/* backends — the table of language backends, installed into core's
 * language table at start-up (core/lang.h, lang_ops()).
 *
 * Indexed by the language's id, so a language added to the table without
 * a backend here fails to compile (the array's size) rather than falling
 * into another language's path at run time.
 */
#include "lang/lang.h"

#include "lang/lang_int.h"

static const struct lang_ops *const backends[] = {
    [LANG_JAVASCRIPT] = &lang_javascript,
    [LANG_TYPESCRIPT] = &lang_typescript,
    [LANG_PYTHON] = &lang_python,
    [LANG_JAVA] = &lang_java,
    [LANG_R] = &lang_r,
    [LANG_BASH] = &lang_bash,
    [LANG_C] = &lang_c,
    [LANG_CPP] = &lang_cpp,
    [LANG_GO] = &lang_go,
};
_Static_assert(sizeof backends / sizeof backends[0] == LANG_COUNT,
	       "every language of core/lang.c's table has a backend here");

void lang_backends_install(void)
{
	for (int i = 0; i < LANG_COUNT; i++)
		lang_ops_install((enum lang_id)i, backends[i]);
}
