/* Every language of core/lang.c's table has a backend (src/lang/) with the
 * steps its engine needs, and its policy: a language added to the table
 * without them is caught here, not at its first run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <jansson.h>

#include <stdio.h>
#include <string.h>

#include "core/lang.h"
#include "core/request.h"
#include "core/request_keys.h"
#include "lang/lang.h"
#include "policy/policy.h"
#include "run/runopt.h"

static void test_every_language_has_a_backend(void **state)
{
	(void)state;
	lang_backends_install();
	for (int i = 0; i < LANG_COUNT; i++) {
		const struct lang *l = lang_get((enum lang_id)i);
		assert_non_null(l);
		const struct lang_ops *ops = lang_ops(l);
		assert_non_null(ops);
		/* An interpreter's language has its command line; a Duktape
		 * language's spawn_args is node's (--engine node). */
		assert_non_null(ops->spawn_args);
		assert_non_null(ops->checker_name);
		assert_true(ops->print_result_snippet == PRINT_RESULT_ALWAYS ||
			    ops->print_result_snippet == PRINT_RESULT_FORMS ||
			    ops->print_result_snippet == PRINT_RESULT_NEVER);
		/* A checker that answers with strings needs their parser. */
		if (!ops->checker_source)
			assert_null(ops->checker_error);
		/* Artefacts come as a set: where, how back, their name. */
		assert_true(!ops->artefacts_path == !ops->artefacts_restore);
		assert_true(!ops->artefacts_path == !ops->artefact_dir);
		assert_true(!ops->artefacts_path == !ops->artefact_kind);
		if (l->engine == ENGINE_SPAWN)
			assert_non_null(l->version_flag);
		/* Sessions: the interpreted languages have a kernel; the shell
		 * and the compiled ones are refused with the reason. */
		if (l->id <= LANG_R)
			assert_non_null(ops->kernel_run);
		/* A language that builds something caches it, and the other
		 * way round (sbx gc prunes what it names). */
		if (ops->build_kind)
			assert_true(ops->builds);
	}
}

static void test_every_language_has_a_policy(void **state)
{
	(void)state;
	static const char code[] = "import os\nx = 1\n";
	for (int i = 0; i < LANG_COUNT; i++) {
		const struct lang *l = lang_get((enum lang_id)i);
		struct policy_report rep;
		struct policy_deps deps;
		policy_scan(l, code, sizeof code - 1, NULL, &rep);
		policy_dependencies(l, code, sizeof code - 1, &deps);
		policy_report_release(&rep);
		policy_deps_release(&deps);
	}
}

/* A warm sandbox is a spawned program's: a prelude that takes the code
 * after the gate (spawn_gated), or a held exec that waits at the gate for
 * the words spawn_args gives (engine_held.c). The table says which
 * languages have one, and the messages name them. */
static void test_warm_start_is_the_tables(void **state)
{
	(void)state;
	for (int id = 0; id < LANG_COUNT; id++) {
		const struct lang *l = lang_get((enum lang_id)id);
		if (l->warm_start)
			assert_non_null(lang_ops(l)->spawn_args); /* an exec, gated or held */
		/* A gated one's prelude reads its code's file after the gate:
		 * warm_run writes the request's code there, or the backend puts
		 * the request in place (Java's cached classes and launch file). */
		if (l->warm_start && lang_ops(l)->spawn_gated)
			assert_non_null(lang_ops(l)->code_file);
	}
	assert_false(lang_get(LANG_JAVASCRIPT)->warm_start); /* Duktape: in-process */
	assert_true(lang_ops(lang_get(LANG_GO))->no_rlimit_as);
	assert_non_null(lang_ops(lang_get(LANG_JAVA))->warm_code_in);
	assert_string_equal(lang_warm_start_names(), "python, java, r, bash, c, cpp and go");
}

/* word appears in text as a word of its own ("r" in "java, r, bash"). */
static bool has_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = text; (p = strstr(p, word)); p++)
		if ((p == text || strchr(" (", p[-1])) && strchr(" ,;)", p[n]))
			return true;
	return false;
}

/* The words that list the languages for people are written by hand (the
 * help's order, the schema's aliases): a language added to the table and
 * missed there fails here instead of going undocumented. */
static void test_the_language_lists_name_every_language(void **state)
{
	(void)state;
	char piped[256] = "";
	for (int id = 0; id < LANG_COUNT; id++)
		snprintf(piped + strlen(piped), sizeof piped - strlen(piped), "%s%s", id ? "|" : "",
			 lang_get((enum lang_id)id)->name);
	const char *help = NULL;
	for (const struct opt_spec *o = source_opts; o->long_name; o++)
		if (!strcmp(o->long_name, "language"))
			help = o->help;
	assert_non_null(help);
	assert_string_equal(help, piped); /* -l's help, and so the completions */
	const char *doc = request_key_find("language")->doc;
	for (int id = 0; id < LANG_COUNT; id++)
		if (!has_word(doc, lang_get((enum lang_id)id)->name))
			fail_msg("the language key's description misses %s (core/request_keys.c)",
				 lang_get((enum lang_id)id)->name);
}

/* A session runs a FILE of another language only where its row says its
 * interpreter takes that language's programs as they are. */
static void test_runs_files_of_is_the_rows(void **state)
{
	(void)state;
	const struct lang *ts = lang_get(LANG_TYPESCRIPT), *js = lang_get(LANG_JAVASCRIPT);
	assert_true(lang_runs_files_of(ts, js));
	assert_true(lang_runs_files_of(ts, ts));
	assert_false(lang_runs_files_of(js, ts));
	for (int a = 0; a < LANG_COUNT; a++)
		for (int b = 0; b < LANG_COUNT; b++) {
			const struct lang *la = lang_get((enum lang_id)a),
					  *lb = lang_get((enum lang_id)b);
			bool row = la->runs_files_of && !strcmp(la->runs_files_of, lb->name);
			assert_int_equal(lang_runs_files_of(la, lb), a == b || row);
		}
	for (int a = 0; a < LANG_COUNT; a++) {
		const char *of = lang_get((enum lang_id)a)->runs_files_of;
		if (of && !lang_by_name(of))
			fail_msg("%s's runs_files_of names no language: %s",
				 lang_get((enum lang_id)a)->name, of);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_every_language_has_a_backend),
	    cmocka_unit_test(test_every_language_has_a_policy),
	    cmocka_unit_test(test_warm_start_is_the_tables),
	    cmocka_unit_test(test_the_language_lists_name_every_language),
	    cmocka_unit_test(test_runs_files_of_is_the_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
