/* Unit tests: a session's lease (session_lease.c) — taken once per
 * generation (link), renewed only by its holder before its expiry, lost
 * for good once a newer generation exists, released to expire at once.
 * The "nodes" here are node numbers in one process: the lease compares
 * files, never processes, but for a holder of the taker's own node. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session/session_int.h"

#define ID "s01000000000000000000000"

static char root[64];

static int setup(void **state)
{
	(void)state;
	snprintf(root, sizeof root, "/tmp/sbx-lease-test.XXXXXX");
	if (!mkdtemp(root))
		return -1;
	char dir[PATH_MAX];
	snprintf(dir, sizeof dir, "%s/sessions", root);
	mkdir(dir, 0700);
	snprintf(dir, sizeof dir, "%s/sessions/" ID, root);
	setenv(SESSION_LEASE_ENV, "1000", 1);
	return mkdir(dir, 0700);
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

/* lease.GEN rewritten with this expiry: a holder that stopped renewing. */
static void expire(unsigned long gen, uint64_t at)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/sessions/" ID "/lease.%lu", root, gen);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "{\"gen\": %lu, \"node\": 9, \"pid\": 1, \"expires_at_ms\": %llu}\n", gen,
		(unsigned long long)at);
	fclose(f);
}

static void test_one_taker_per_generation(void **state)
{
	(void)state;
	struct session_lease a, b, other;
	assert_int_equal(session_lease_read(root, ID, &a), 0); /* never taken */
	assert_int_equal(session_lease_take(root, ID, 2, &a, &other), 0);
	assert_int_equal(a.gen, 1);
	assert_int_equal(session_lease_holder(root, ID), 2);
	/* live: another node does not get it */
	assert_int_equal(session_lease_take(root, ID, 3, &b, &other), 1);
	assert_int_equal(other.node, 2);
	/* expired (and past the skew): the next generation, once */
	expire(1, 1);
	assert_int_equal(session_lease_holder(root, ID), 0);
	assert_int_equal(session_lease_take(root, ID, 3, &b, &other), 0);
	assert_int_equal(b.gen, 2);
	assert_int_equal(session_lease_take(root, ID, 4, &a, &other), 1);
	assert_int_equal(other.node, 3);
	assert_int_equal(other.gen, 2);
}

static void test_lost_for_good(void **state)
{
	(void)state;
	struct session_lease old, now, other;
	assert_int_equal(session_lease_take(root, ID, 2, &old, &other), 0);
	assert_int_equal(session_lease_renew(root, ID, &old), 0);
	assert_true(session_lease_still(root, ID, &old));
	/* a stalled holder: its lease expired, another node took the next */
	uint64_t was = old.expires_at_ms;
	expire(old.gen, 1);
	assert_int_equal(session_lease_take(root, ID, 3, &now, &other), 0);
	old.expires_at_ms = was; /* what the holder still believes */
	assert_false(session_lease_still(root, ID, &old));
	assert_int_equal(session_lease_renew(root, ID, &old), 1);
	session_lease_release(root, ID, &old); /* writes nothing: not its own */
	assert_int_equal(session_lease_holder(root, ID), 3);
	/* its own expiry passed with no newer generation (a long kernel
	 * start, a stall nobody used): it links the next one itself */
	struct session_lease late = now;
	late.expires_at_ms = 1;
	assert_int_equal(session_lease_renew(root, ID, &late), 0);
	assert_int_equal(late.gen, now.gen + 1);
	assert_int_equal(late.node, 3);
	assert_true(session_lease_still(root, ID, &late));
	assert_int_equal(session_lease_holder(root, ID), 3);
	/* and the generation it left behind is lost for good */
	assert_int_equal(session_lease_renew(root, ID, &now), 1);
	assert_int_equal(session_lease_take(root, ID, 4, &old, &other), 1);
	assert_int_equal(other.gen, late.gen);
}

static void test_release_expires_at_once(void **state)
{
	(void)state;
	struct session_lease l, m, other;
	assert_int_equal(session_lease_take(root, ID, 2, &l, &other), 0);
	session_lease_release(root, ID, &l);
	assert_int_equal(session_lease_holder(root, ID), 0);
	assert_int_equal(session_lease_take(root, ID, 3, &m, &other), 0);
	assert_int_equal(m.gen, l.gen + 1);
	struct session_lease none = {0};
	session_lease_release(root, ID, &none); /* none taken: nothing */
	assert_int_equal(session_lease_holder(root, ID), 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_one_taker_per_generation, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_lost_for_good, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_release_expires_at_once, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
