/* Unit tests: taking code out of Markdown fences (markdown.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/markdown.h"

static char *extract(const char *md, const char *lang, unsigned block, const struct lang **got)
{
	size_t len = 0;
	const struct lang *l = NULL;
	char *code = markdown_extract(md, strlen(md), lang ? lang_by_name(lang) : NULL, block,
				      got ? got : &l, &len, NULL);
	if (code)
		assert_int_equal(strlen(code), len);
	return code;
}

static void test_single_block_language_from_fence(void **state)
{
	(void)state;
	const struct lang *l = NULL;
	char *c = extract("Here you go:\n\n```python\nprint(1)\n```\nDone.\n", NULL, 0, &l);
	assert_string_equal(c, "print(1)\n");
	assert_non_null(l);
	assert_string_equal(l->name, "python");
	free(c);
}

static void test_blocks_of_one_language_are_joined(void **state)
{
	(void)state;
	const struct lang *l = NULL;
	const char *md = "```js\nconst a = 1;\n```\ntext\n```bash\nnode x.js\n```\n"
			 "```javascript\nconsole.log(a)\n```\n";
	char *c = extract(md, NULL, 0, &l);
	assert_string_equal(c, "const a = 1;\nconsole.log(a)\n");
	assert_string_equal(l->name, "javascript");
	free(c);
}

static void test_block_n_and_errors(void **state)
{
	(void)state;
	const char *md = "```js\n1\n```\n~~~py\n2\n~~~\n";
	const struct lang *l = NULL;
	char *c = extract(md, NULL, 2, &l);
	assert_string_equal(c, "2\n");
	assert_string_equal(l->name, "python");
	free(c);
	assert_null(extract(md, NULL, 3, NULL));
	assert_null(extract("no fences here\n", NULL, 0, NULL));
	assert_null(extract("```java\nclass A{}\n```\n", "python", 0, NULL));
}

static void test_untagged_and_unterminated(void **state)
{
	(void)state;
	char *c = extract("```\nx = 1\n```\n", "python", 0, NULL);
	assert_string_equal(c, "x = 1\n");
	free(c);
	/* A reply cut off before its closing fence still yields its code. */
	c = extract("```ts\nlet x: number = 1\n", NULL, 0, NULL);
	assert_string_equal(c, "let x: number = 1\n");
	free(c);
	/* A longer inner fence of the other kind does not close the block. */
	c = extract("````md\n```\ninner\n```\n````\n", NULL, 1, NULL);
	assert_string_equal(c, "```\ninner\n```\n");
	free(c);
}

static void test_models_forms(void **state)
{
	(void)state;
	const struct lang *l = NULL;
	/* A fence indented in a list item loses its indent, not more. */
	char *c = extract("1. Run:\n\n    ```python:main.py\n    if x:\n        y()\n    ```\n",
			  NULL, 0, &l);
	assert_string_equal(c, "if x:\n    y()\n");
	assert_string_equal(l->name, "python");
	free(c);
	c = extract("```{.r}\ncat(1)\n```\n", NULL, 0, &l);
	assert_string_equal(l->name, "r");
	free(c);
	c = extract("~~~py title=\"x\"\nprint(2)\n~~~\n", NULL, 0, &l);
	assert_string_equal(c, "print(2)\n");
	assert_string_equal(l->name, "python");
	free(c);
	/* ```inline``` in prose is not a fence. */
	c = extract("say ```x``` then\n```js\n1\n```\n", NULL, 0, &l);
	assert_string_equal(c, "1\n");
	free(c);
}

static void test_repl_and_guess(void **state)
{
	(void)state;
	const struct lang *l = NULL;
	char *c = extract("```\n>>> x = 2\n>>> for i in (1, 2):\n...     print(i)\n...\n1\n2\n"
			  ">>> x\n2\n```\n",
			  NULL, 0, &l);
	assert_string_equal(c, "x = 2\nfor i in (1, 2):\n    print(i)\n\nx\n");
	assert_string_equal(l->name, "python");
	free(c);
	c = extract("```\nconst a = 1;\nconsole.log(a);\n```\n", NULL, 0, &l);
	assert_string_equal(l->name, "javascript");
	free(c);
	c = extract("```\nx <- c(1, 2)\n```\n", NULL, 0, &l);
	assert_string_equal(l->name, "r");
	free(c);
	c = extract("```\nSystem.out.println(1);\n```\n", NULL, 0, &l);
	assert_string_equal(l->name, "java");
	free(c);
	/* Nothing tells: an error, not JavaScript by default. */
	assert_null(extract("```\nhello\n```\n", NULL, 0, NULL));
	/* An empty block is an error too. */
	assert_null(extract("```python\n  \n```\n", NULL, 0, NULL));
}

static void test_report(void **state)
{
	(void)state;
	const struct lang *l = NULL;
	json_t *rep = NULL;
	size_t len;
	const char *md = "```python\nprint(1)\n```\n```bash\nls\n```\n";
	char *c = markdown_extract(md, strlen(md), NULL, 0, &l, &len, &rep);
	assert_non_null(c);
	assert_int_equal(json_array_size(json_object_get(rep, "ran")), 1);
	json_t *sk = json_array_get(json_object_get(rep, "skipped"), 0);
	assert_int_equal(json_integer_value(json_object_get(sk, "block")), 2);
	assert_string_equal(json_string_value(json_object_get(sk, "info")), "bash");
	json_decref(rep);
	free(c);
}

/* A Python block's notebook lines become pass (at their indent), named in
 * the report; a modulo continuation stays. */
static void test_notebook_lines(void **state)
{
	(void)state;
	const struct lang *l = NULL;
	json_t *rep = NULL;
	size_t len;
	const char *md = "```python\n!pip install x\n%matplotlib inline\nif 1:\n    !ls\n"
			 "y = (1\n     % 2)\n```\n";
	char *c = markdown_extract(md, strlen(md), NULL, 0, &l, &len, &rep);
	assert_non_null(c);
	assert_string_equal(c, "pass\npass\nif 1:\n    pass\ny = (1\n     % 2)\n");
	json_t *d = json_object_get(rep, "dropped");
	assert_int_equal(json_array_size(d), 3);
	assert_int_equal(json_integer_value(json_object_get(json_array_get(d, 2), "line")), 4);
	assert_string_equal(json_string_value(json_object_get(json_array_get(d, 2), "text")),
			    "!ls");
	json_decref(rep);
	free(c);
	/* Not in another language's block. */
	md = "```r\nx <- 5 %% 2\n!TRUE\n```\n";
	c = markdown_extract(md, strlen(md), NULL, 0, &l, &len, &rep);
	assert_string_equal(c, "x <- 5 %% 2\n!TRUE\n");
	assert_null(json_object_get(rep, "dropped"));
	json_decref(rep);
	free(c);
}

/* Shell fences: sh, shell and bash are scripts; console is a transcript
 * whatever its first line ("$ " lines are commands, "> " goes on after a
 * line that continues, the rest is output and dropped). */
static void test_shell_fences(void **state)
{
	(void)state;
	const struct lang *l = NULL;
	char *c = extract("```shell\nls -la\n```\n", NULL, 0, &l);
	assert_string_equal(c, "ls -la\n");
	assert_string_equal(l->name, "bash");
	free(c);
	c = extract("```sh\necho 1\n```\n", NULL, 0, &l);
	assert_string_equal(l->name, "bash");
	free(c);
	c = extract("```console\n# a root prompt or a comment\n$ echo one\none\n$ echo two \\\n"
		    ">   three\ntwo three\n> quoted output\n$ ls | \n> wc -l\n3\n```\n",
		    NULL, 0, &l);
	assert_string_equal(c, "echo one\necho two \\\n  three\nls | \nwc -l\n");
	assert_string_equal(l->name, "bash");
	free(c);
	/* Output only: nothing to run. */
	assert_null(extract("```console\nno prompt here\n```\n", NULL, 0, NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_single_block_language_from_fence),
	    cmocka_unit_test(test_blocks_of_one_language_are_joined),
	    cmocka_unit_test(test_block_n_and_errors),
	    cmocka_unit_test(test_untagged_and_unterminated),
	    cmocka_unit_test(test_models_forms),
	    cmocka_unit_test(test_repl_and_guess),
	    cmocka_unit_test(test_report),
	    cmocka_unit_test(test_notebook_lines),
	    cmocka_unit_test(test_shell_fences),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
