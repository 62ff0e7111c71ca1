/* Unit tests: text mode's escaping printf (util/textout.c): every %s is
 * escaped on one line, every other conversion is printf's own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/textout.h"

#define EXPECT(want, ...)                                                                          \
	do {                                                                                       \
		struct buf b_ = BUF_INIT;                                                          \
		buf_printf_text(&b_, __VA_ARGS__);                                                 \
		assert_string_equal(buf_cstr(&b_), want);                                          \
		buf_release(&b_);                                                                  \
	} while (0)

static void test_values_escaped(void **state)
{
	(void)state;
	EXPECT("a \\x1b]0;t\\x07 b", "a %s b", "\x1b]0;t\x07");
	EXPECT("line\\nsbx: fake\n", "%s\n", "line\nsbx: fake");
	EXPECT("[\\u009b2J]", "[%s]",
	       "\xc2\x9b"
	       "2J");
	EXPECT("[\\x9b\\xff\\x7f\\r\\t]", "[%s]", "\x9b\xff\x7f\r\t");
	EXPECT("é → ok", "%s → %s", "é", "ok"); /* UTF-8 passes, the format's own too */
	EXPECT("\r\x1b[K1 done", "\r\x1b[K%d done", 1);
}

static void test_conversions(void **state)
{
	(void)state;
	EXPECT("ab   |  cd|x|", "%-5s|%4s|%.1s|", "ab", "cd", "xyz");
	EXPECT("   \\x01|", "%7s|", "\x01"); /* the width counts the escaped text */
	EXPECT("é|", "%.3s|", "éé");	     /* never half a character */
	EXPECT("  ab|ab  |", "%*s|%-*s|", 4, "ab", 4, "ab");
	EXPECT("ab  |", "%*s|", -4, "ab");
	EXPECT("-12 0042 ff FF 17", "%d %04d %x %X %o", -12, 42, 255, 255, 15);
	EXPECT("123456789012 18446744073709551615 7 -3", "%lld %llu %zu %ld", 123456789012LL,
	       18446744073709551615ULL, (size_t)7, -3L);
	EXPECT("  3.1 2.5e+00 0.5 100%", "%5.1f %.1e %g 100%%", 3.14159, 2.5, 0.5);
	EXPECT("x=\\x1b", "%c=%c", 'x', '\x1b');
}

static size_t vsn(char *out, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	size_t n = text_vsnprintf(out, size, fmt, ap);
	va_end(ap);
	return n;
}

static void test_vsnprintf(void **state)
{
	(void)state;
	char out[8];
	assert_int_equal(vsn(out, sizeof out, "%s!", "\x1b"), 5);
	assert_string_equal(out, "\\x1b!");
	assert_int_equal(vsn(out, sizeof out, "abc%sdef", "\x01\x02"), 14);
	assert_string_equal(out, "abc\\x01"); /* cut to fit, NUL-terminated: as error()
						  keeps a message */
	assert_true(utf8_printable("plain é", 8));
	assert_false(utf8_printable("a\x9b", 2));
	assert_false(utf8_printable("\xc2\x85", 2));
	assert_false(utf8_printable("a\nb", 3));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_values_escaped),
	    cmocka_unit_test(test_conversions),
	    cmocka_unit_test(test_vsnprintf),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
