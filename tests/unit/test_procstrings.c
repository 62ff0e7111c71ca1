/* Unit tests for procstrings.c: the extent main() notes and what a forked
 * init's wipe leaves of it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/procstrings.h"

/* As execve lays them out: the arguments, then the environment, back to
 * back; a guard byte on each side. */
static char block[] = "#sbx\0run\0-e\0print(1)\0SBX_TOKEN=secret\0HOME=/root\0#";

static void test_wipe(void **state)
{
	(void)state;
	char *argv[] = {block + 1, block + 5, block + 9, block + 12, NULL};
	char *envp[] = {block + 21, block + 38, NULL};
	size_t end = 49; /* past HOME=/root's NUL */
	assert_string_equal(envp[1], "HOME=/root");
	procstrings_note(4, argv, envp);
	procstrings_wipe("sbx-init");
	assert_int_equal(block[0], '#');
	assert_string_equal(block + 1, "sbx-init");
	for (size_t i = 1 + strlen("sbx-init"); i < end; i++)
		assert_int_equal(block[i], 0);
	assert_int_equal(block[end], '#');
}

/* Strings not laid out by the kernel (a gap): nothing is noted, nothing
 * wiped (sbx never writes where it cannot tell what is there). A name
 * longer than the arguments is not written. */
static void test_gap_and_long_name(void **state)
{
	(void)state;
	static char a[] = "sbx\0x\0";
	static char b[] = "K=v\0";
	char *argv[] = {a, a + 4, NULL};
	char *envp[] = {b, NULL};
	procstrings_note(2, argv, envp); /* the environment stops at the gap */
	procstrings_wipe("a-name-longer-than-the-arguments");
	assert_memory_equal(a, "\0\0\0\0\0\0", 6);
	assert_string_equal(b, "K=v");
	static char c[] = "sbx\0";
	static char d[] = "x\0";
	char *argv2[] = {c, d, NULL};
	char *envp2[] = {NULL};
	procstrings_note(2, argv2, envp2); /* arguments apart: nothing noted */
	procstrings_wipe("n");
	assert_string_equal(c, "sbx");
	assert_memory_equal(a, "\0\0\0\0\0\0", 6); /* the last note is forgotten too */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_wipe),
	    cmocka_unit_test(test_gap_and_long_name),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
