/* Unit tests for the policy (policy*.c): each rule fires on real code and stays silent in
 * strings, comments, template text and regex literals; config levels; risk;
 * dependencies; policy_check_request's blocked outcome. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/config.h"
#include "core/lang.h"
#include "core/outcome.h"
#include "policy/policy.h"
#include "core/request.h"

/* The rule ids found in code (comma-joined, in order), "" for none. */
static char found[1024];

static const char *scan_ids(enum lang_id id, const char *code, const struct config *cfg)
{
	struct policy_report rep;
	policy_scan(lang_get(id), code, strlen(code), cfg, &rep);
	found[0] = '\0';
	for (size_t i = 0; i < rep.n; i++) {
		if (i)
			strncat(found, ",", sizeof(found) - strlen(found) - 1);
		strncat(found, rep.findings[i].rule->id, sizeof(found) - strlen(found) - 1);
	}
	policy_report_release(&rep);
	return found;
}

#define FIRES(lang, code, rule)                                                                    \
	do {                                                                                       \
		const char *got = scan_ids(lang, code, NULL);                                      \
		if (!strstr(got, rule))                                                            \
			fail_msg("%s not found in <%s> (found '%s')", rule, code, got);            \
	} while (0)

#define SILENT(lang, code)                                                                         \
	do {                                                                                       \
		const char *got = scan_ids(lang, code, NULL);                                      \
		if (*got)                                                                          \
			fail_msg("false positive '%s' in <%s>", got, code);                        \
	} while (0)

static void test_js_rules_fire(void **state)
{
	(void)state;
	FIRES(LANG_JAVASCRIPT, "eval('1+1')", "js.dynamic_code");
	FIRES(LANG_JAVASCRIPT, "var f = new Function('return 1')", "js.dynamic_code");
	FIRES(LANG_JAVASCRIPT, "Function('return this')()", "js.dynamic_code");
	FIRES(LANG_JAVASCRIPT, "setTimeout('alert(1)', 10)", "js.dynamic_code");
	FIRES(LANG_JAVASCRIPT, "setInterval(`x()`, 10)", "js.dynamic_code");
	FIRES(LANG_JAVASCRIPT, "var m = require('child_process')", "js.module_loading");
	FIRES(LANG_JAVASCRIPT, "import x from 'y'", "js.module_loading");
	FIRES(LANG_JAVASCRIPT, "import('y').then(f)", "js.module_loading");
	FIRES(LANG_JAVASCRIPT, "import * as cp from 'child_process'", "js.module_loading");
	FIRES(LANG_JAVASCRIPT, "const m = await import(name)", "js.module_loading");
	/* An ES module's imports of node's pure core modules: as require(). */
	SILENT(LANG_JAVASCRIPT, "import assert from 'assert'\nimport { inspect } from 'node:util'");
	SILENT(LANG_JAVASCRIPT, "import * as path from 'path'; const u = await import('util')");
	FIRES(LANG_JAVASCRIPT, "process.exit(1)", "js.process");
	FIRES(LANG_JAVASCRIPT, "process['env']", "js.process");
	FIRES(LANG_JAVASCRIPT, "a.__proto__.polluted = 1", "js.prototype_pollution");
	FIRES(LANG_JAVASCRIPT, "a['__proto__'].x = 1", "js.prototype_pollution");
	FIRES(LANG_JAVASCRIPT, "''.constructor.constructor('return this')()", "js.dynamic_code");
	FIRES(LANG_JAVASCRIPT, "x['constructor']['constructor']('return 1')", "js.dynamic_code");
	FIRES(LANG_JAVASCRIPT, "a.__proto__ = b", "js.prototype_pollution");
	FIRES(LANG_JAVASCRIPT, "a.__proto__['x'] += 1", "js.prototype_pollution");
	FIRES(LANG_JAVASCRIPT, "var m = require('lodash')", "js.module_loading");
	FIRES(LANG_JAVASCRIPT, "var m = require(name)", "js.module_loading");
	FIRES(LANG_JAVASCRIPT, "var m = require('assert' + x)", "js.module_loading");
	FIRES(LANG_JAVASCRIPT, "x.constructor['prototype']", "js.prototype_pollution");
	FIRES(LANG_JAVASCRIPT, "Object.prototype.isAdmin = true", "js.prototype_pollution");
	FIRES(LANG_JAVASCRIPT, "Object.prototype[k] = v", "js.prototype_pollution");
	FIRES(LANG_JAVASCRIPT, "fs.readFileSync('/etc/passwd')", "js.fs");
	FIRES(LANG_JAVASCRIPT, "const f = require('fs')", "js.fs");
	FIRES(LANG_JAVASCRIPT, "import { readFile } from 'node:fs'", "js.fs");
	/* code inside ${...} of a template is code */
	FIRES(LANG_JAVASCRIPT, "`a ${eval('1')} b`", "js.dynamic_code");
	FIRES(LANG_JAVASCRIPT, "`a ${ {x: `in ${process.pid}`}.x } b`", "js.process");
	FIRES(LANG_TYPESCRIPT, "const x: number = eval('1')", "js.dynamic_code");
}

static void test_js_rules_silent(void **state)
{
	(void)state;
	SILENT(LANG_JAVASCRIPT, "var s = 'eval(1) require(\"fs\") process.exit()'");
	SILENT(LANG_JAVASCRIPT, "var s = \"__proto__ Function( fs.x\"");
	SILENT(LANG_JAVASCRIPT, "// eval('x'); process.exit()\n/* require('fs') */ 1");
	SILENT(LANG_JAVASCRIPT, "var t = `eval(1) process.exit() ${1 + 1} fs.read`");
	SILENT(LANG_JAVASCRIPT, "var r = /eval\\(|process\\.exit/g; r.test(s)");
	SILENT(LANG_JAVASCRIPT, "var r = x.split(/[/]process./)");
	SILENT(LANG_JAVASCRIPT, "var half = a / 2, q = b / process_count / 3");
	SILENT(LANG_JAVASCRIPT, "obj.eval = 1; var o = {eval: 2, process: 3}; o.process.x");
	SILENT(LANG_JAVASCRIPT, "Object.prototype.hasOwnProperty.call(o, k)");
	SILENT(LANG_JAVASCRIPT, "if (Object.prototype.toString === f) {}");
	SILENT(LANG_JAVASCRIPT, "x.constructor === Array; myfs.read(); a.fs.b");
	SILENT(LANG_JAVASCRIPT, "setTimeout(function () {}, 0); setTimeout(f, 1)");
	SILENT(LANG_JAVASCRIPT, "var s = 'unterminated\nvar y = 1");
	SILENT(LANG_JAVASCRIPT, "#!/usr/bin/env node eval\n1");
	/* node's pure core modules are the runtime's own, not module loading */
	SILENT(LANG_JAVASCRIPT, "const assert = require('assert'); require('node:util')");
	SILENT(LANG_JAVASCRIPT, "require('events'); require(\"path\"); require('assert/strict')");
	/* reading __proto__ and the null-prototype literal are not pollution */
	SILENT(LANG_JAVASCRIPT, "var d = {__proto__: null}; a.__proto__ === B.prototype");
	SILENT(LANG_JAVASCRIPT, "if (o.__proto__ == p) {}");
}

static void test_python_rules(void **state)
{
	(void)state;
	FIRES(LANG_PYTHON, "import subprocess", "py.subprocess");
	FIRES(LANG_PYTHON, "import os, sys\nos.system('ls')", "py.subprocess");
	FIRES(LANG_PYTHON, "from os import system, path", "py.subprocess");
	FIRES(LANG_PYTHON, "os.execvp('sh', ['sh'])", "py.subprocess");
	FIRES(LANG_PYTHON, "import ctypes.util", "py.native");
	FIRES(LANG_PYTHON, "from urllib.request import urlopen", "py.network");
	FIRES(LANG_PYTHON, "import json, socket as s", "py.network");
	FIRES(LANG_PYTHON, "eval(input())", "py.dynamic_code");
	FIRES(LANG_PYTHON, "exec('x=1')", "py.dynamic_code");
	FIRES(LANG_PYTHON, "m = __import__('os')", "py.dynamic_code");
	FIRES(LANG_PYTHON, "open('/etc/passwd').read()", "py.host_files");
	SILENT(LANG_PYTHON, "s = 'import subprocess; os.system(1)'\n# eval(x)\n");
	SILENT(LANG_PYTHON, "s = '''\nimport socket\nexec(1)\n'''\nt = r\"eval(\\\"x\\\")\"");
	SILENT(LANG_PYTHON, "f = f'{eval}'\nb = b'exec(1)'");
	SILENT(LANG_PYTHON, "import json, math\nfrom collections import deque\nopen('data.txt')");
	SILENT(LANG_PYTHON, "x.eval(1)\nmy_exec(2)\nobj.system('x')");
}

static void test_r_rules(void **state)
{
	(void)state;
	FIRES(LANG_R, "system('ls')", "r.system");
	FIRES(LANG_R, "x <- system2(\"ls\", \"-l\")", "r.system");
	FIRES(LANG_R, "`system`('ls')", "r.system");
	FIRES(LANG_R, "base::system('id')", "r.system");
	FIRES(LANG_R, "Sys.setenv(A = 1)", "r.environment");
	FIRES(LANG_R, "download.file('http://x', 'y')", "r.network");
	FIRES(LANG_R, "con <- url('http://x')", "r.network");
	FIRES(LANG_R, ".Call('f')", "r.native");
	FIRES(LANG_R, "eval(parse(text = s))", "r.dynamic_code");
	SILENT(LANG_R, "s <- 'system(1)' # system('ls')\nx$system(1)\nmy.system(2)");
	SILENT(LANG_R, "r <- r\"(system('x'))\"\nparse(text = 'x')\neval(quote(x))");
}

static void test_java_rules(void **state)
{
	(void)state;
	FIRES(LANG_JAVA, "Runtime.getRuntime().exec(\"ls\");", "java.process");
	FIRES(LANG_JAVA, "new ProcessBuilder(\"ls\").start();", "java.process");
	FIRES(LANG_JAVA, "import java.net.Socket;", "java.network");
	FIRES(LANG_JAVA, "var s = new Socket(\"h\", 80);", "java.network");
	FIRES(LANG_JAVA, "f.setAccessible(true);", "java.reflection");
	FIRES(LANG_JAVA, "Class.forName(\"x\");", "java.reflection");
	FIRES(LANG_JAVA, "import java.lang.reflect.Method;", "java.reflection");
	FIRES(LANG_JAVA, "System.loadLibrary(\"x\");", "java.native");
	SILENT(LANG_JAVA,
	       "String s = \"Runtime.getRuntime().exec\"; // ProcessBuilder\n"
	       "/* java.net.Socket */ String t = \"\"\"\nSystem.loadLibrary(1)\n\"\"\";");
	/* java.exit is off by default */
	SILENT(LANG_JAVA, "System.exit(3);");
	SILENT(LANG_JAVA, "import java.util.List; System.out.println(1);");
}

static void test_levels_and_risk(void **state)
{
	(void)state;
	struct config cfg;
	config_init(&cfg);
	assert_true(policy_rule_count() > 10);
	assert_int_equal(policy_rule_index("nope"), -1);
	assert_int_equal(policy_level_from_name("block"), POLICY_BLOCK);
	assert_int_equal(policy_level_from_name("deny"), POLICY_DEFAULT);
	int dyn = policy_rule_index("js.dynamic_code");
	assert_true(dyn >= 0);

	struct policy_report rep;
	policy_scan(lang_get(LANG_JAVASCRIPT), "eval('1')", 9, &cfg, &rep);
	assert_int_equal(rep.n, 1);
	assert_int_equal(rep.findings[0].severity, POLICY_WARN);
	assert_int_equal(rep.findings[0].line, 1);
	assert_int_equal(rep.findings[0].column, 1);
	assert_false(rep.blocked);
	assert_true(rep.risk > 0.3 && rep.risk < 0.5);
	policy_report_release(&rep);

	cfg.rule_levels[dyn] = POLICY_BLOCK;
	policy_scan(lang_get(LANG_JAVASCRIPT), "x;\n  eval('1')", 12, &cfg, &rep);
	assert_true(rep.blocked);
	assert_int_equal(rep.findings[0].line, 2);
	assert_int_equal(rep.findings[0].column, 3);
	policy_report_release(&rep);

	cfg.rule_levels[dyn] = POLICY_OFF;
	assert_string_equal(scan_ids(LANG_JAVASCRIPT, "eval('1')", &cfg), "");

	/* the strict profile blocks what warns; a rule's own level still wins;
	 * what is off stays off */
	cfg.rule_levels[dyn] = POLICY_DEFAULT;
	cfg.policy_profile = POLICY_PROFILE_STRICT;
	policy_scan(lang_get(LANG_JAVASCRIPT), "xs.constructor.constructor.name", 31, &cfg, &rep);
	assert_true(rep.blocked);
	policy_report_release(&rep);
	policy_scan(lang_get(LANG_PYTHON), "import socket", 13, &cfg, &rep);
	assert_true(rep.blocked);
	policy_report_release(&rep);
	assert_int_equal(policy_rule_level(&cfg, (size_t)policy_rule_index("java.exit")),
			 POLICY_OFF);
	cfg.rule_levels[dyn] = POLICY_WARN;
	policy_scan(lang_get(LANG_JAVASCRIPT), "eval('1')", 9, &cfg, &rep);
	assert_false(rep.blocked);
	policy_report_release(&rep);
	cfg.rule_levels[dyn] = POLICY_DEFAULT;
	cfg.policy_profile = POLICY_PROFILE_DEFAULT;
	/* by default nothing in JavaScript blocks: the sandbox is the wall */
	policy_scan(lang_get(LANG_JAVASCRIPT), "xs.constructor.constructor.name; o.__proto__.x = 1",
		    50, &cfg, &rep);
	assert_false(rep.blocked);
	assert_int_equal(rep.n, 2);
	policy_report_release(&rep);
	enum policy_profile prof;
	assert_int_equal(policy_profile_from_name("strict", &prof), 0);
	assert_int_equal(prof, POLICY_PROFILE_STRICT);
	assert_int_equal(policy_profile_from_name("paranoid", &prof), -1);

	/* more kinds of finding raise the risk; repeats of one kind do not */
	policy_scan(lang_get(LANG_JAVASCRIPT), "process.x; process.y; process.z", 31, NULL, &rep);
	double one = rep.risk;
	assert_int_equal(rep.n, 3);
	policy_report_release(&rep);
	policy_scan(lang_get(LANG_JAVASCRIPT), "process.x; fs.y; eval(z)", 24, NULL, &rep);
	assert_true(rep.risk > one);
	assert_true(rep.risk <= 1.0);
	policy_report_release(&rep);
	policy_scan(lang_get(LANG_JAVASCRIPT), "1 + 1", 5, NULL, &rep);
	assert_true(rep.risk == 0.0);
	policy_report_release(&rep);
	config_release(&cfg);
}

static void test_findings_json(void **state)
{
	(void)state;
	struct policy_report rep;
	struct config strict;
	config_init(&strict);
	strict.policy_profile = POLICY_PROFILE_STRICT;
	policy_scan(lang_get(LANG_JAVASCRIPT), "a.__proto__ = 1", 15, &strict, &rep);
	json_t *j = policy_findings_json(&rep);
	assert_int_equal(json_array_size(j), 1);
	json_t *f = json_array_get(j, 0);
	assert_string_equal(json_string_value(json_object_get(f, "rule")),
			    "js.prototype_pollution");
	assert_string_equal(json_string_value(json_object_get(f, "severity")), "block");
	assert_int_equal(json_integer_value(json_object_get(f, "column")), 3);
	json_decref(j);
	policy_report_release(&rep);
	config_release(&strict);
}

static void test_check_request(void **state)
{
	(void)state;
	struct request req;
	struct outcome out;
	request_init(&req);
	req.lang = lang_get(LANG_JAVASCRIPT);
	const char *code = "var o = {};\no.__proto__.x = 1";
	request_set_code(&req, strdup(code), strlen(code), "-e");
	outcome_init(&out, &req);
	/* by default it runs (a warning); the strict profile blocks it */
	assert_int_equal(policy_check_request(&req, NULL, &out), 0);
	outcome_release(&out);
	outcome_init(&out, &req);
	struct config strict;
	config_init(&strict);
	strict.policy_profile = POLICY_PROFILE_STRICT;
	assert_int_equal(policy_check_request(&req, &strict, &out), 1);
	config_release(&strict);
	assert_int_equal(out.status, STATUS_BLOCKED);
	assert_int_equal(outcome_exit_code(&out), 126);
	assert_non_null(json_object_get(out.extra, "findings"));
	assert_string_equal(json_string_value(json_object_get(out.error, "name")), "PolicyError");
	assert_non_null(strstr(json_string_value(json_object_get(out.error, "message")),
			       "js.prototype_pollution"));
	assert_int_equal(json_integer_value(json_object_get(out.error, "line")), 2);
	outcome_release(&out);
	request_release(&req);

	/* a warning is recorded but does not block */
	request_init(&req);
	req.lang = lang_get(LANG_JAVASCRIPT);
	request_set_code(&req, strdup("eval('1')"), 9, "-e");
	outcome_init(&out, &req);
	assert_int_equal(policy_check_request(&req, NULL, &out), 0);
	assert_int_not_equal(out.status, STATUS_BLOCKED);
	assert_int_equal(json_array_size(json_object_get(out.extra, "findings")), 1);
	outcome_release(&out);
	request_release(&req);

	/* clean code leaves the outcome alone */
	request_init(&req);
	req.lang = lang_get(LANG_PYTHON);
	request_set_code(&req, strdup("print(1)"), 8, "-e");
	outcome_init(&out, &req);
	assert_int_equal(policy_check_request(&req, NULL, &out), 0);
	assert_null(out.extra);
	outcome_release(&out);
	request_release(&req);
}

static const char *dep_names(enum lang_id id, const char *code, struct policy_deps *d)
{
	policy_dependencies(lang_get(id), code, strlen(code), d);
	found[0] = '\0';
	for (size_t i = 0; i < d->n; i++) {
		if (i)
			strncat(found, ",", sizeof(found) - strlen(found) - 1);
		strncat(found, d->deps[i].name, sizeof(found) - strlen(found) - 1);
	}
	return found;
}

static void test_dependencies(void **state)
{
	(void)state;
	struct policy_deps d;
	assert_string_equal(dep_names(LANG_PYTHON,
				      "import os, numpy.linalg as la\nfrom pandas.io import x, y\n"
				      "from . import rel\nimport os\ns = 'import fake'\n",
				      &d),
			    "os,numpy,pandas");
	assert_int_equal(d.deps[1].line, 1);
	assert_int_equal(d.deps[2].line, 2);
	assert_int_equal(d.deps[0].available, -1);
	policy_deps_release(&d);

	assert_string_equal(
	    dep_names(LANG_R,
		      "library(dplyr)\nrequire('ggplot2')\nx <- data.table::fread(f)\n"
		      "# library(fake)\n",
		      &d),
	    "dplyr,ggplot2,data.table");
	policy_deps_release(&d);

	assert_string_equal(dep_names(LANG_JAVA,
				      "import java.util.List;\nimport static java.lang.Math.max;\n"
				      "import com.google.gson.Gson;\nimport javax.crypto.Cipher;\n",
				      &d),
			    "java.util.List,java.lang.Math.max,com.google.gson.Gson,"
			    "javax.crypto.Cipher");
	assert_int_equal(d.deps[0].available, 1);
	assert_int_equal(d.deps[2].available, 0);
	assert_int_equal(d.deps[3].available, 1);
	policy_deps_release(&d);

	assert_string_equal(dep_names(LANG_JAVASCRIPT,
				      "const a = require('lodash');\nimport b from \"left-pad\";\n"
				      "var s = \"require('fake')\";\n",
				      &d),
			    "lodash,left-pad");
	assert_int_equal(d.deps[0].available, 0);
	json_t *j = policy_deps_json(&d);
	assert_int_equal(json_array_size(j), 2);
	assert_true(json_is_false(json_object_get(json_array_get(j, 0), "available")));
	json_decref(j);
	policy_deps_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_js_rules_fire), cmocka_unit_test(test_js_rules_silent),
	    cmocka_unit_test(test_python_rules),  cmocka_unit_test(test_r_rules),
	    cmocka_unit_test(test_java_rules),	  cmocka_unit_test(test_levels_and_risk),
	    cmocka_unit_test(test_findings_json), cmocka_unit_test(test_check_request),
	    cmocka_unit_test(test_dependencies),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
