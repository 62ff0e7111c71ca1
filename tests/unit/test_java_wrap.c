/* Unit tests: wrapping bare Java statements in a Main class (java_wrap.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/java_wrap.h"

static char *wrap(const char *src)
{
	size_t n = 0;
	return java_wrap(src, strlen(src), &n);
}

/* The line of the first occurrence of needle. */
static int line_of(const char *text, const char *needle)
{
	const char *p = strstr(text, needle);
	assert_non_null(p);
	int line = 1;
	for (const char *q = text; q < p; q++)
		line += *q == '\n';
	return line;
}

static void test_has_main_runs_as_written(void **state)
{
	(void)state;
	assert_null(wrap("public class A { public static void main(String[] a) {} }"));
	assert_null(wrap("class B {\n  static void main ( String... args ) { }\n}"));
	/* Declarations only: nothing to run, left to javac and the JVM. */
	assert_null(wrap("class C { int x; }"));
}

static void test_statements(void **state)
{
	(void)state;
	const char *src = "import java.util.*;\n"
			  "// a comment with void main( in it\n"
			  "List<Integer> xs = new ArrayList<>(List.of(3, 1, 2));\n"
			  "Collections.sort(xs);\n"
			  "System.out.println(xs); // done";
	char *w = wrap(src);
	assert_non_null(w);
	assert_true(strncmp(w, "import java.util.*;", 19) == 0);
	assert_non_null(strstr(w, "public class Main { "));
	assert_non_null(strstr(w, "public static void main(String[] args) throws Exception { "));
	/* Nothing moves to another line. */
	assert_int_equal(line_of(w, "Collections.sort"), 4);
	assert_int_equal(line_of(w, "System.out.println"), 5);
	free(w);
}

static void test_members(void **state)
{
	(void)state;
	const char *src = "record Point(int x, int y) {}\n"
			  "int sq(int v) {\n  return v * v;\n}\n"
			  "static final int K = 2;\n"
			  "var p = new Point(1, 2);\n"
			  "if (p.x() > 0) { System.out.println(sq(p.y()) * K); }\n"
			  "String name(Point q) { return \"p\" + q; }\n"
			  "System.out.println(name(p));\n";
	char *w = wrap(src);
	assert_non_null(w);
	assert_non_null(strstr(w, "static record Point"));
	assert_non_null(strstr(w, "static int sq(int v)"));
	assert_non_null(strstr(w, "static final int K"));
	assert_null(strstr(w, "static static"));
	assert_non_null(strstr(w, "static String name(Point q)"));
	/* Two runs of statements: main calls the second. */
	assert_non_null(strstr(w, "main$2(args);"));
	assert_non_null(strstr(w, "static void main$2(String[] args)"));
	assert_int_equal(line_of(w, "var p"), 6);
	assert_int_equal(line_of(w, "System.out.println(name"), 9);
	/* Statements are not taken for members. */
	assert_null(strstr(w, "static var"));
	assert_null(strstr(w, "static if"));
	free(w);
}

/* javac's diagnostics about the wrapped class quote the user's line, the
 * caret at the user's column. */
static void test_unwrap_diagnostics(void **state)
{
	(void)state;
	const char *code = "int y = 2;\nint x = \"a\";\n";
	size_t wlen = 0;
	char *w = java_wrap(code, strlen(code), &wlen);
	assert_non_null(w);
	const char *nl = strchr(w, '\n');
	const char *l2 = nl + 1, *l2end = strchr(l2, '\n');
	/* What javac prints: the wrapped line 2 and a caret under "a". */
	const char *at = strstr(l2, "\"a\"");
	assert_non_null(at);
	char text[1024];
	snprintf(text, sizeof text, "Main.java:2: error: incompatible types\n%.*s\n%*s^\n1 error\n",
		 (int)(l2end - l2), l2, (int)(at - l2), "");
	char *mine = java_unwrap_diagnostics(text, w, wlen, code, strlen(code));
	assert_string_equal(mine, "Main.java:2: error: incompatible types\n"
				  "int x = \"a\";\n"
				  "        ^\n1 error\n");
	free(mine);
	free(w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_has_main_runs_as_written),
	    cmocka_unit_test(test_statements),
	    cmocka_unit_test(test_members),
	    cmocka_unit_test(test_unwrap_diagnostics),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
