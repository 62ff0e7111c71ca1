/* policy_langs — each language's part of the policy (its tokenizer, rules
 * and dependencies, in policy_NAME.c), by the language table's id. Kept in
 * the policy rather than in the language backends (src/lang/) so that the
 * policy stands alone: its fuzzers link it without any engine.
 */
#include "policy/policy_int.h"

#include <stdio.h>
#include <stdlib.h>

static const struct policy_lang *const langs[] = {
    [LANG_JAVASCRIPT] = &policy_lang_js, [LANG_TYPESCRIPT] = &policy_lang_js,
    [LANG_PYTHON] = &policy_lang_python, [LANG_JAVA] = &policy_lang_java,
    [LANG_R] = &policy_lang_r,		 [LANG_BASH] = &policy_lang_bash,
    [LANG_C] = &policy_lang_c,		 [LANG_CPP] = &policy_lang_c,
    [LANG_GO] = &policy_lang_go,
};
_Static_assert(sizeof langs / sizeof langs[0] == LANG_COUNT,
	       "every language of core/lang.c's table has its policy here");

const struct policy_lang *policy_lang_of(const struct lang *lang)
{
	const struct policy_lang *pl =
	    lang && (unsigned)lang->id < LANG_COUNT ? langs[lang->id] : NULL;
	if (!pl) { /* a language added to the table without its policy */
		fprintf(stderr, "sbx: internal error: the language %s has no policy scanner\n",
			lang ? lang->name : "(none)");
		abort();
	}
	return pl;
}
