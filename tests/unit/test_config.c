/* Unit tests for config.c and config_keys.c: every key, every kind of error with file:line:col,
 * the search order and flags-over-file precedence. Run from the repository
 * root (make unit / make test do). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/config.h"
#include "policy/policy.h"
#include "core/request.h"

#define FIX "tests/fixtures/config/"

/* Runs config_load_file and returns what it printed on stderr. */
static char captured[4096];

static int load_capture(const char *path, struct config *cfg)
{
	fflush(stderr);
	FILE *tmp = tmpfile();
	assert_non_null(tmp);
	int saved = dup(2);
	dup2(fileno(tmp), 2);
	int rc = config_load_file(path, cfg);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	size_t n = fread(captured, 1, sizeof(captured) - 1, tmp);
	captured[n] = '\0';
	fclose(tmp);
	return rc;
}

static void expect_error(const char *file, const char *where, const char *what)
{
	struct config cfg;
	config_init(&cfg);
	assert_int_equal(load_capture(file, &cfg), -1);
	if (!strstr(captured, where) || !strstr(captured, what))
		fail_msg("error for %s: '%s' lacks '%s' or '%s'", file, captured, where, what);
	config_release(&cfg);
}

static void test_valid_file(void **state)
{
	(void)state;
	struct config cfg;
	config_init(&cfg);
	assert_int_equal(load_capture(FIX "valid.yaml", &cfg), 0);
	assert_string_equal(captured, "");
	assert_int_equal(cfg.limits.timeout_ms, 10000);
	assert_int_equal(cfg.limits.cpu_ms, 2500);
	assert_int_equal(cfg.limits.memory_bytes, 128ull << 20);
	assert_int_equal(cfg.limits.output_bytes, 64u << 10);
	assert_int_equal(cfg.limits.files_bytes, 10ull << 20);
	assert_int_equal(cfg.limits.max_timeout_ms, 600000);

	char *const *py = config_command(&cfg, LANG_PYTHON, CONFIG_TOOL_RUN);
	assert_non_null(py);
	assert_string_equal(py[0], "python3");
	assert_string_equal(py[1], "-X");
	assert_string_equal(py[2], "utf8");
	assert_null(py[3]);
	assert_string_equal(config_command(&cfg, LANG_JAVA, CONFIG_TOOL_COMPILE)[0],
			    "/usr/bin/javac");
	assert_string_equal(config_command(&cfg, LANG_JAVA, CONFIG_TOOL_RUN)[1], "-Xss8m");
	assert_string_equal(config_command(&cfg, LANG_R, CONFIG_TOOL_RUN)[0], "Rscript");
	assert_null(config_command(&cfg, LANG_R, CONFIG_TOOL_COMPILE));

	assert_int_equal(policy_rule_level(&cfg, (size_t)policy_rule_index("js.dynamic_code")),
			 POLICY_BLOCK);
	assert_int_equal(policy_rule_level(&cfg, (size_t)policy_rule_index("py.network")),
			 POLICY_OFF);
	/* untouched rules keep their built-in level */
	assert_int_equal(policy_rule_level(&cfg, (size_t)policy_rule_index("js.process")),
			 POLICY_WARN);

	assert_false(config_history_enabled(&cfg));
	assert_int_equal(config_retention_days(&cfg), 7);
	assert_string_equal(config_state_dir(&cfg), "/tmp/sbx-state-from-config");
	config_release(&cfg);
}

static void test_defaults_without_file(void **state)
{
	(void)state;
	struct config cfg;
	config_init(&cfg);
	assert_int_equal(load_capture(FIX "empty.yaml", &cfg), 0);
	assert_true(config_history_enabled(&cfg));
	assert_int_equal(config_retention_days(&cfg), 30);
	assert_null(config_state_dir(&cfg));
	assert_null(config_command(&cfg, LANG_PYTHON, CONFIG_TOOL_RUN));
	assert_int_equal(cfg.limits.timeout_ms, 0);
	/* NULL config: the same defaults */
	assert_true(config_history_enabled(NULL));
	assert_int_equal(config_retention_days(NULL), 30);
	config_release(&cfg);
}

static void test_example_config_loads(void **state)
{
	(void)state;
	struct config cfg;
	config_init(&cfg);
	assert_int_equal(load_capture("examples/config.yaml", &cfg), 0);
	assert_int_equal(cfg.limits.timeout_ms, 5000);
	assert_int_equal(cfg.limits.memory_bytes, 256ull << 20);
	assert_int_equal(config_retention_days(&cfg), 30);
	config_release(&cfg);
}

static void test_errors_name_file_line_col(void **state)
{
	(void)state;
	expect_error(FIX "unknown_key.yaml", FIX "unknown_key.yaml:3:3:", "unknown key 'timout'");
	expect_error(FIX "wrong_type.yaml", "wrong_type.yaml:2:11:", "must be a size, not a list");
	expect_error(FIX "bad_size.yaml", "bad_size.yaml:2:11:", "invalid size '256Q'");
	expect_error(FIX "bad_duration.yaml",
		     "bad_duration.yaml:2:12:", "invalid duration '5 minutes'");
	expect_error(FIX "bad_level.yaml", "bad_level.yaml:2:15:", "use block, warn or off");
	expect_error(FIX "unknown_rule.yaml", "unknown_rule.yaml:2:3:", "unknown policy rule");
	expect_error(FIX "over_max.yaml", "over_max.yaml:2:12:", "raise limits.max_timeout");
	expect_error(FIX "duplicate.yaml", "duplicate.yaml:3:3:", "duplicate key 'retention_days'");
	expect_error(FIX "syntax.yaml", "syntax.yaml:", "YAML error");
	expect_error(FIX "does-not-exist.yaml", "cannot read the config file", "does-not-exist");
}

static int load_text(const char *text, struct config *cfg)
{
	fflush(stderr);
	FILE *tmp = tmpfile();
	int saved = dup(2);
	dup2(fileno(tmp), 2);
	config_init(cfg);
	int rc = config_load_string("t.yaml", text, strlen(text), cfg);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	size_t n = fread(captured, 1, sizeof(captured) - 1, tmp);
	captured[n] = '\0';
	fclose(tmp);
	return rc;
}

static void test_value_checks(void **state)
{
	(void)state;
	struct config cfg;
	static const char *const bad[] = {
	    "limits: 5\n",					     /* section is not a mapping */
	    "limits:\n  timeout: 0\n",				     /* zero */
	    "limits:\n  memory: -1M\n",				     /* negative */
	    "limits:\n  disk: 0\n",				     /* zero */
	    "history:\n  retention_days: -1\n",			     /* negative days */
	    "history:\n  retention_days: 3.5\n",		     /* not whole */
	    "history:\n  enabled: maybe\n",			     /* not a bool */
	    "state_dir: relative/dir\n",			     /* relative path */
	    "languages:\n  python:\n    command: python3 -X utf8\n", /* needs a list */
	    "languages:\n  python:\n    command: []\n",
	    "languages:\n  javascript:\n    command: [node]\n",	 /* its key is node */
	    "languages:\n  javascript:\n    engine: v8\n",	 /* duktape or node */
	    "languages:\n  javascript:\n    auto_node: maybe\n", /* a bool */
	    "languages:\n  java:\n    command: [java]\n",	 /* java has java/javac */
	    "limits:\n  timout:\n",				 /* misspelt even when empty */
	    "- a\n- b\n",					 /* root is a list */
	    "serve:\n  warm_pool:\n    typescript: 1\n",	 /* no warm sandbox */
	    "serve:\n  warm_pool:\n    python: 17\n",		 /* at most 16 */
	    "serve:\n  warm_pool:\n    python: -1\n",		 /* a whole number */
	    "serve:\n  warm_pool: 2\n",				 /* a mapping */
	    "serve:\n  warm: {}\n",				 /* misspelt */
	    "a: 1\n---\nb: 2\n",				 /* two documents */
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (load_text(bad[i], &cfg) != -1)
			fail_msg("accepted bad config: %s", bad[i]);
		if (!strstr(captured, "t.yaml:"))
			fail_msg("no file:line:col for %s: %s", bad[i], captured);
		config_release(&cfg);
	}
	/* empty values leave defaults; ~ expands */
	setenv("HOME", "/home/someone", 1);
	assert_int_equal(load_text("limits:\n  timeout:\nstate_dir: ~/st\n", &cfg), 0);
	assert_int_equal(cfg.limits.timeout_ms, 0);
	assert_string_equal(cfg.state_dir, "/home/someone/st");
	config_release(&cfg);
	/* the engine: typescript follows javascript unless it says otherwise */
	assert_int_equal(load_text("languages:\n  javascript:\n    engine: node\n    node: "
				   "[/opt/node/bin/node]\n",
				   &cfg),
			 0);
	assert_int_equal(config_engine(&cfg, LANG_TYPESCRIPT), JS_ENGINE_NODE);
	assert_string_equal(config_node_command(&cfg, LANG_TYPESCRIPT)[0], "/opt/node/bin/node");
	assert_int_equal(config_engine(&cfg, LANG_PYTHON), JS_ENGINE_UNSET);
	/* auto_node: true unless said; typescript follows javascript's */
	assert_true(config_auto_node(&cfg, LANG_JAVASCRIPT));
	config_release(&cfg);
	assert_int_equal(load_text("languages:\n  javascript:\n    auto_node: false\n", &cfg), 0);
	assert_false(config_auto_node(&cfg, LANG_JAVASCRIPT));
	assert_false(config_auto_node(&cfg, LANG_TYPESCRIPT));
	config_release(&cfg);
	assert_int_equal(load_text("languages:\n  javascript:\n    auto_node: false\n  "
				   "typescript:\n    auto_node: true\n",
				   &cfg),
			 0);
	assert_false(config_auto_node(&cfg, LANG_JAVASCRIPT));
	assert_true(config_auto_node(&cfg, LANG_TYPESCRIPT));
	assert_true(config_auto_node(NULL, LANG_JAVASCRIPT));
	config_release(&cfg);
	/* serve.warm_pool: per language, default none */
	assert_int_equal(load_text("serve:\n  warm_pool:\n    python: 3\n", &cfg), 0);
	assert_int_equal(config_warm_pool(&cfg, LANG_PYTHON), 3);
	assert_int_equal(config_warm_pool(&cfg, LANG_R), 0);
	assert_int_equal(config_warm_pool(NULL, LANG_PYTHON), 0);
	config_release(&cfg);
	assert_int_equal(load_text("serve:\n  warm_pool:\n    bash: 2\n    cpp: 1\n", &cfg), 0);
	assert_int_equal(config_warm_pool(&cfg, LANG_BASH), 2);
	assert_int_equal(config_warm_pool(&cfg, LANG_CPP), 1);
	config_release(&cfg);
	/* max_timeout raises the cap for timeout */
	assert_int_equal(load_text("limits:\n  timeout: 400\n  max_timeout: 10m\n", &cfg), 0);
	assert_int_equal(cfg.limits.timeout_ms, 400000);
	config_release(&cfg);
	/* a session workspace's disk quota */
	assert_int_equal(load_text("limits:\n  disk: 2G\n", &cfg), 0);
	assert_int_equal(cfg.limits.disk_bytes, 2ull << 30);
	config_release(&cfg);
	/* max_memory bounds memory, wherever it is in the section */
	assert_int_equal(load_text("limits:\n  memory: 1G\n  max_memory: 2G\n", &cfg), 0);
	assert_int_equal(cfg.limits.max_memory_bytes, 2ull << 30);
	config_release(&cfg);
	assert_int_equal(load_text("limits:\n  memory: 1G\n  max_memory: 512M\n", &cfg), -1);
	assert_non_null(strstr(captured, "limits.max_memory"));
	config_release(&cfg);
}

static void test_apply_precedence(void **state)
{
	(void)state;
	struct config cfg;
	assert_int_equal(
	    load_text("limits:\n  timeout: 7\n  memory: 64M\n  max_timeout: 900\n", &cfg), 0);
	struct request req;
	request_init(&req);
	req.limits.timeout_ms = 2000; /* as if -t 2 was given */
	config_apply(&cfg, &req);
	assert_int_equal(req.limits.timeout_ms, 2000);		/* flag wins */
	assert_int_equal(req.limits.memory_bytes, 64ull << 20); /* file fills */
	assert_int_equal(req.limits.max_timeout_ms, 900000);
	assert_int_equal(req.limits.max_memory_bytes, 0); /* the machine's */
	assert_int_equal(req.limits.output_bytes, 0);	  /* left for defaults */
	assert_int_equal(request_finish(&req), 0);
	assert_int_equal(req.limits.output_bytes, SBX_DEFAULT_OUTPUT);
	request_release(&req);

	/* with max_timeout raised, a long --timeout passes request_finish */
	request_init(&req);
	req.limits.timeout_ms = 600000;
	config_apply(&cfg, &req);
	assert_int_equal(request_finish(&req), 0);
	request_release(&req);
	config_release(&cfg);
}

static void test_search_order(void **state)
{
	(void)state;
	char dir[] = "/tmp/sbx-cfg-test.XXXXXX";
	assert_non_null(mkdtemp(dir));
	char sub[256], file[256];
	snprintf(sub, sizeof(sub), "%s/sbx", dir);
	snprintf(file, sizeof(file), "%s/sbx/config.yaml", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	FILE *f = fopen(file, "w");
	assert_non_null(f);
	fputs("limits:\n  timeout: 9\n", f);
	fclose(f);

	struct config cfg;
	unsetenv("SBX_CONFIG");
	setenv("XDG_CONFIG_HOME", dir, 1);
	assert_int_equal(config_load(NULL, &cfg), 0);
	assert_int_equal(cfg.limits.timeout_ms, 9000);
	assert_string_equal(cfg.path, file);
	config_release(&cfg);

	/* $SBX_CONFIG beats XDG; --config beats $SBX_CONFIG */
	setenv("SBX_CONFIG", FIX "valid.yaml", 1);
	assert_int_equal(config_load(NULL, &cfg), 0);
	assert_int_equal(cfg.limits.timeout_ms, 10000);
	config_release(&cfg);
	assert_int_equal(config_load(FIX "empty.yaml", &cfg), 0);
	assert_int_equal(cfg.limits.timeout_ms, 0);
	config_release(&cfg);

	/* a missing XDG file is fine; a missing named file is an error */
	unsetenv("SBX_CONFIG");
	setenv("XDG_CONFIG_HOME", "/nonexistent-sbx-dir", 1);
	assert_int_equal(config_load(NULL, &cfg), 0);
	assert_null(cfg.path);
	config_release(&cfg);
	setenv("SBX_CONFIG", "/nonexistent-sbx-dir/c.yaml", 1);
	fflush(stderr);
	int saved = dup(2);
	FILE *null = fopen("/dev/null", "w");
	dup2(fileno(null), 2);
	int rc = config_load(NULL, &cfg);
	dup2(saved, 2);
	close(saved);
	fclose(null);
	assert_int_equal(rc, -1);
	config_release(&cfg);
	unsetenv("SBX_CONFIG");
	unlink(file);
	rmdir(sub);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_valid_file),
	    cmocka_unit_test(test_defaults_without_file),
	    cmocka_unit_test(test_example_config_loads),
	    cmocka_unit_test(test_errors_name_file_line_col),
	    cmocka_unit_test(test_value_checks),
	    cmocka_unit_test(test_apply_precedence),
	    cmocka_unit_test(test_search_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
