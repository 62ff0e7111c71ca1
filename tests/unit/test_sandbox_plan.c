/* Unit tests: the sandbox's plan is data, decided before anything starts
 * (sandbox_plan.c), and the layer names of --require messages (request.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "core/request.h"
#include "sandbox/sandbox_int.h"

static void test_limits_embedded(void **state)
{
	(void)state;
	struct request req;
	request_init(&req);
	req.limits.timeout_ms = 2500;
	struct sandbox_plan plan = {.profile = PROFILE_EMBEDDED, .rlimit_as = 1u << 30};
	struct sandbox_limits lim;
	sandbox_plan_limits(&req, &plan, &lim);
	/* CORE, CPU (3 s rounded up: +1 soft, +2 hard), no files, no
	 * processes, 16 fds, then the address-space backstop (none under
	 * ASan, see sandbox_plan.c). */
	assert_true(lim.n >= 5);
	assert_int_equal(lim.rl[0].resource, RLIMIT_CORE);
	assert_int_equal(lim.rl[1].resource, RLIMIT_CPU);
	assert_int_equal(lim.rl[1].soft, 4);
	assert_int_equal(lim.rl[1].hard, 5);
	assert_int_equal(lim.rl[2].resource, RLIMIT_FSIZE);
	assert_int_equal(lim.rl[2].hard, 0);
	assert_int_equal(lim.rl[3].resource, RLIMIT_NPROC);
	assert_int_equal(lim.rl[3].hard, 0);
	assert_int_equal(lim.rl[4].resource, RLIMIT_NOFILE);
	assert_int_equal(lim.rl[4].hard, 16);
	assert_string_equal(lim.rl[4].name, "RLIMIT_NOFILE");
	request_release(&req);
}

static void test_limits_interpreter(void **state)
{
	(void)state;
	struct request req;
	request_init(&req);
	req.limits.timeout_ms = 1000;
	req.limits.cpu_ms = 7000;
	req.limits.files_bytes = 4096;
	struct sandbox_plan plan = {.profile = PROFILE_INTERPRETER, .rlimit_nproc = 0};
	struct sandbox_limits lim;
	sandbox_plan_limits(&req, &plan, &lim);
	/* No NPROC without a plan for it, no AS without one. */
	assert_int_equal(lim.n, 4);
	assert_int_equal(lim.rl[1].soft, 8);
	assert_int_equal(lim.rl[2].resource, RLIMIT_FSIZE);
	assert_int_equal(lim.rl[2].soft, 4096);
	assert_int_equal(lim.rl[3].resource, RLIMIT_NOFILE);
	assert_int_equal(lim.rl[3].hard, 1024);
	plan.rlimit_nproc = 256;
	plan.rlimit_as = 1u << 28;
	sandbox_plan_limits(&req, &plan, &lim);
	assert_int_equal(lim.n, 6);
	assert_int_equal(lim.rl[3].resource, RLIMIT_NPROC);
	assert_int_equal(lim.rl[3].soft, 256);
	assert_int_equal(lim.rl[5].resource, RLIMIT_AS);
	request_release(&req);
}

static void test_layers(void **state)
{
	(void)state;
	struct request req;
	request_init(&req);
	struct sandbox_plan plan = {.profile = PROFILE_EMBEDDED};
	req.require = LAYER_SECCOMP | LAYER_LANDLOCK | LAYER_CGROUP;
	assert_int_equal(sandbox_plan_unmet(&req, &plan), LAYER_LANDLOCK | LAYER_CGROUP);
	plan.profile = PROFILE_INTERPRETER;
	assert_int_equal(sandbox_plan_unmet(&req, &plan), 0);

	assert_int_equal(sandbox_plan_applied(NULL), LAYER_SECCOMP | LAYER_RLIMITS);
	struct isolate_state iso;
	memset(&iso, 0, sizeof iso);
	iso.landlock_abi = 3;
	iso.cgroup = "v2";
	assert_int_equal(sandbox_plan_applied(&iso),
			 LAYER_SECCOMP | LAYER_RLIMITS | LAYER_LANDLOCK | LAYER_CGROUP);

	char names[96];
	assert_string_equal(request_layer_names(LAYER_LANDLOCK | LAYER_CGROUP, names, sizeof names),
			    "landlock,cgroup");
	assert_string_equal(request_layer_names(0, names, sizeof names), "");
	/* Truncated to fit, never past the buffer. */
	assert_string_equal(request_layer_names(LAYERS_ALL, names, 12), "seccomp,nam");
	request_release(&req);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_limits_embedded),
	    cmocka_unit_test(test_limits_interpreter),
	    cmocka_unit_test(test_layers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
