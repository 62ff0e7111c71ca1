/* Unit tests for store*.c and manifest*.c: names, references, the YAML
 * mapping, manifest validation, and the version life cycle on disk. */
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

#include "state/manifest.h"
#include "state/store.h"
#include "util/util.h"

/* Silences error() output of the failing cases. */
static int quiet_stderr(void)
{
	fflush(stderr);
	int saved = dup(2);
	FILE *null = fopen("/dev/null", "w");
	dup2(fileno(null), 2);
	fclose(null);
	return saved;
}

static void restore_stderr(int saved)
{
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
}

static void test_names(void **state)
{
	(void)state;
	const char *good[] = {
	    "a",     "0",
	    "hello", "my-app.v2_x",
	    "a.b",   "a234567890123456789012345678901234567890123456789012345678901234",
	    NULL};
	const char *bad[] = {
	    "",	     "..",
	    "a..b",  "../x",
	    "a/b",   "/a",
	    "Upper", ".hidden",
	    "-x",    "_x",
	    "a b",   "a\nb",
	    "é",     "a2345678901234567890123456789012345678901234567890123456789012345",
	    NULL};
	for (size_t i = 0; good[i]; i++)
		assert_true(store_name_ok(good[i]));
	int saved = quiet_stderr();
	for (size_t i = 0; bad[i]; i++) {
		assert_false(store_name_ok(bad[i]));
		assert_int_equal(store_check_name(bad[i]), -1);
	}
	restore_stderr(saved);
}

static void test_name_from_path(void **state)
{
	(void)state;
	char out[STORE_NAME_MAX + 1];
	assert_int_equal(store_name_from_path("/x/y/Hello_World.js", out), 0);
	assert_string_equal(out, "hello_world");
	assert_int_equal(store_name_from_path("My Script.PY", out), 0);
	assert_string_equal(out, "my-script");
	assert_int_equal(store_name_from_path("--weird..name.ts", out), 0);
	assert_string_equal(out, "weird.name");
	assert_int_equal(store_name_from_path("noext", out), 0);
	assert_string_equal(out, "noext");
	int saved = quiet_stderr();
	assert_int_equal(store_name_from_path("/x/...js", out), -1);
	assert_int_equal(store_name_from_path("__.py", out), -1);
	restore_stderr(saved);
}

static void test_parse_ref(void **state)
{
	(void)state;
	char name[STORE_NAME_MAX + 1];
	int v = -1;
	assert_int_equal(store_parse_ref("app", name, &v), 0);
	assert_string_equal(name, "app");
	assert_int_equal(v, 0);
	assert_int_equal(store_parse_ref("app@12", name, &v), 0);
	assert_int_equal(v, 12);
	assert_int_equal(store_parse_ref("app@latest", name, &v), 0);
	assert_int_equal(v, 0);
	int saved = quiet_stderr();
	assert_int_equal(store_parse_ref("app@0", name, &v), -1);
	assert_int_equal(store_parse_ref("app@01", name, &v), -1);
	assert_int_equal(store_parse_ref("app@-1", name, &v), -1);
	assert_int_equal(store_parse_ref("app@", name, &v), -1);
	assert_int_equal(store_parse_ref("app@1x", name, &v), -1);
	assert_int_equal(store_parse_ref("app@9999999999", name, &v), -1);
	assert_int_equal(store_parse_ref("../app@1", name, &v), -1);
	assert_int_equal(store_parse_ref("@1", name, &v), -1);
	restore_stderr(saved);
}

/* JSON -> YAML -> JSON gives the same value, including strings that look
 * like other types. */
static void test_yaml_round_trip(void **state)
{
	(void)state;
	const char *src =
	    "{\"s\":\"plain\",\"n\":\"123\",\"t\":\"true\",\"null\":\"null\",\"e\":\"\","
	    "\"y\":\"yes\",\"neg\":\"-1.5e3\",\"i\":42,\"big\":-9007199254740993,\"r\":2.0,"
	    "\"r2\":0.1,\"b\":false,\"z\":null,\"ml\":\"line1\\nline2\\n\",\"colon\":\"a: b\","
	    "\"hash\":\"# not a comment\",\"u\":\"caf\\u00e9 \\u2603\",\"arr\":[1,\"2\",[],{}],"
	    "\"obj\":{\"nested\":{\"k\":[true]}},\"sp\":\"  padded  \",\"q\":\"'\\\"\"}";
	json_error_t jerr;
	json_t *in = json_loads(src, 0, &jerr);
	assert_non_null(in);
	struct buf yaml = BUF_INIT;
	manifest_yaml_emit(in, "# comment\n", &yaml);
	json_t *back = manifest_yaml_load(yaml.data, yaml.len, "test");
	assert_non_null(back);
	if (!json_equal(in, back)) {
		char *a = json_dumps(back, JSON_SORT_KEYS);
		fprintf(stderr, "yaml:\n%s\nback: %s\n", buf_cstr(&yaml), a);
		free(a);
	}
	assert_true(json_equal(in, back));
	/* A real stays a real. */
	assert_true(json_is_real(json_object_get(back, "r")));
	json_decref(in);
	json_decref(back);
	buf_release(&yaml);
}

static void test_yaml_errors(void **state)
{
	(void)state;
	int saved = quiet_stderr();
	const char *dup = "a: 1\na: 2\n";
	assert_null(manifest_yaml_load(dup, strlen(dup), "dup.yaml"));
	const char *syntax = "a: [1, 2\n";
	assert_null(manifest_yaml_load(syntax, strlen(syntax), "bad.yaml"));
	const char *complex_key = "? [1]\n: 2\n";
	assert_null(manifest_yaml_load(complex_key, strlen(complex_key), "key.yaml"));
	assert_null(manifest_yaml_load("", 0, "empty.yaml"));
	/* A billion-laughs style alias bomb is refused, not expanded. */
	struct buf bomb = BUF_INIT;
	buf_puts(&bomb, "a: &a [x, x, x, x, x, x, x, x, x, x]\n");
	for (char c = 'b'; c <= 'j'; c++)
		buf_printf(&bomb, "%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n", c,
			   c, c - 1, c - 1, c - 1, c - 1, c - 1, c - 1, c - 1, c - 1, c - 1, c - 1);
	assert_null(manifest_yaml_load(bomb.data, bomb.len, "bomb.yaml"));
	buf_release(&bomb);
	restore_stderr(saved);
}

static void fill(struct deployment *d)
{
	deployment_init(d);
	snprintf(d->name, sizeof(d->name), "app");
	d->version = 3;
	d->lang = lang_by_name("python");
	d->interpreter = xstrdup("Python 3.11.2");
	snprintf(d->created, sizeof(d->created), "2026-01-02T03:04:05.006Z");
	d->source = xstrdup("app.py");
	snprintf(d->code_file, sizeof(d->code_file), "code.py");
	d->code_size = 5;
	sha256_hex("hello", 5, d->code_sha256);
	d->limits.timeout_ms = 2500;
	d->limits.memory_bytes = 64u << 20;
	json_object_set_new(d->inputs, "n", json_string("007"));
	json_object_set_new(d->labels, "team", json_string("core"));
	d->require = LAYER_SECCOMP | LAYER_LANDLOCK;
	d->no_history = true;
	json_array_append_new(d->files,
			      json_pack("{s:s, s:s, s:i, s:s}", "name", "data.csv", "path",
					"files/data.csv", "size", 5, "sha256", d->code_sha256));
}

static void test_manifest_round_trip(void **state)
{
	(void)state;
	struct deployment d, e;
	fill(&d);
	struct buf yaml = BUF_INIT;
	manifest_format(&d, &yaml);
	assert_non_null(strstr(buf_cstr(&yaml), "name: app\n"));
	assert_int_equal(manifest_parse(yaml.data, yaml.len, "m.yaml", &e), 0);
	assert_string_equal(e.name, "app");
	assert_int_equal(e.version, 3);
	assert_ptr_equal(e.lang, d.lang);
	assert_string_equal(e.interpreter, "Python 3.11.2");
	assert_string_equal(e.created, d.created);
	assert_string_equal(e.code_sha256, d.code_sha256);
	assert_int_equal(e.limits.timeout_ms, 2500);
	assert_int_equal(e.limits.cpu_ms, 0);
	assert_int_equal(e.limits.memory_bytes, 64u << 20);
	assert_true(json_equal(e.inputs, d.inputs));
	assert_true(json_equal(e.labels, d.labels));
	assert_true(json_equal(e.files, d.files));
	assert_int_equal(e.require, LAYER_SECCOMP | LAYER_LANDLOCK);
	assert_true(e.no_history);
	deployment_release(&d);
	deployment_release(&e);
	buf_release(&yaml);
}

/* Each damage is refused with a message, never half-accepted. */
static void test_manifest_damage(void **state)
{
	(void)state;
	struct deployment d;
	fill(&d);
	struct buf yaml = BUF_INIT;
	manifest_format(&d, &yaml);
	const char *edits[][2] = {
	    {"version: 3", "version: \"3\""},
	    {"version: 3", "version: 0"},
	    {"language: python", "language: cobol"},
	    {"name: app", "name: ../app"},
	    {"file: code.py", "file: ../code.py"},
	    {"file: code.py", "file: a/code.py"},
	    {"timeout_ms: 2500", "timeout_ms: -1"},
	    {"timeout_ms: 2500", "timeout_ms: soon"},
	    {"path: files/data.csv", "path: ../data.csv"},
	    {"name: data.csv", "name: .."},
	    {"format: 1", "format: 99"},
	    {"- seccomp", "- magic"},
	    {"team: core", "team: [1]"},
	};
	int saved = quiet_stderr();
	for (size_t i = 0; i < sizeof(edits) / sizeof(edits[0]); i++) {
		const char *text = buf_cstr(&yaml);
		const char *at = strstr(text, edits[i][0]);
		assert_non_null(at);
		struct buf b = BUF_INIT;
		buf_append(&b, text, (size_t)(at - text));
		buf_puts(&b, edits[i][1]);
		buf_puts(&b, at + strlen(edits[i][0]));
		struct deployment e;
		int rc = manifest_parse(b.data, b.len, "m.yaml", &e);
		if (rc != -1)
			fprintf(stdout, "accepted damage %zu: %s\n", i, edits[i][1]);
		assert_int_equal(rc, -1);
		deployment_release(&e);
		buf_release(&b);
	}
	restore_stderr(saved);
	deployment_release(&d);
	buf_release(&yaml);
}

/* A fresh state directory per test. */
static int setup_dir(void **state)
{
	char tmpl[] = "/tmp/sbx-test-store.XXXXXX";
	char *dir = mkdtemp(tmpl);
	assert_non_null(dir);
	*state = xstrdup(dir);
	return 0;
}

static int teardown_dir(void **state)
{
	struct buf cmd = BUF_INIT;
	buf_printf(&cmd, "rm -rf '%s'", (char *)*state);
	int rc = system(buf_cstr(&cmd));
	buf_release(&cmd);
	free(*state);
	return rc == 0 ? 0 : -1;
}

static void commit_version(struct store *s, const char *name, const char *code, int want)
{
	struct store_txn t;
	assert_int_equal(store_begin(s, name, &t), 0);
	assert_int_equal(t.version, want);
	assert_int_equal(store_txn_write(&t, "code.js", code, strlen(code)), 0);
	assert_int_equal(store_txn_write(&t, "artefacts/sub/x.class", "cafe", 4), 0);
	assert_int_equal(store_commit(&t), 0);
}

static void test_lifecycle(void **state)
{
	const char *dir = *state;
	struct buf state_dir = BUF_INIT;
	buf_printf(&state_dir, "%s/state", dir);
	struct store s;
	/* A reader of a missing state directory sees an empty store. */
	assert_int_equal(store_open(&s, buf_cstr(&state_dir), false), 0);
	assert_int_equal(s.dep_fd, -1);
	char **names;
	size_t n;
	assert_int_equal(store_names(&s, &names, &n), 0);
	assert_int_equal(n, 0);
	store_free_names(names);
	store_close(&s);

	assert_int_equal(store_open(&s, buf_cstr(&state_dir), true), 0);
	struct stat st;
	assert_int_equal(stat(buf_cstr(&state_dir), &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	commit_version(&s, "app", "return 1", 1);
	commit_version(&s, "app", "return 2", 2);
	commit_version(&s, "other", "return 3", 1);

	int *vs;
	assert_int_equal(store_versions(&s, "app", &vs, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(vs[0], 1);
	assert_int_equal(vs[1], 2);
	free(vs);

	int resolved = 0;
	int fd = store_open_version(&s, "app", 0, &resolved);
	assert_true(fd >= 0);
	assert_int_equal(resolved, 2);
	struct buf code = BUF_INIT;
	assert_int_equal(store_read_at(fd, "code.js", 1024, &code, "app/2"), 0);
	assert_string_equal(buf_cstr(&code), "return 2");
	assert_true(store_dir_size(fd) == strlen("return 2") + 4);
	int saved = quiet_stderr();
	buf_reset(&code);
	assert_int_equal(store_read_at(fd, "../1/code.js", 1024, &code, "app/2"), -1);
	assert_int_equal(store_read_at(fd, "code.js", 3, &code, "app/2"), -1);
	restore_stderr(saved);
	close(fd);
	buf_release(&code);

	/* An aborted version leaves nothing; the next gets the same number. */
	struct store_txn t;
	assert_int_equal(store_begin(&s, "app", &t), 0);
	assert_int_equal(t.version, 3);
	saved = quiet_stderr();
	assert_int_equal(store_txn_write(&t, "../escape", "x", 1), -1);
	assert_int_equal(store_txn_write(&t, ".hidden", "x", 1), -1);
	restore_stderr(saved);
	store_abort(&t);
	assert_int_equal(store_versions(&s, "app", &vs, &n), 0);
	assert_int_equal(n, 2);
	free(vs);
	/* A first version that is aborted leaves no empty directory. */
	assert_int_equal(store_begin(&s, "never", &t), 0);
	store_abort(&t);
	assert_int_equal(store_names(&s, &names, &n), 0);
	assert_int_equal(n, 2);
	assert_string_equal(names[0], "app");
	assert_string_equal(names[1], "other");
	store_free_names(names);

	/* Leftovers of a killed writer: ignored by readers, cleaned by gc. */
	struct buf p = BUF_INIT;
	buf_printf(&p, "%s/deployments/app/.tmp-1-dead", buf_cstr(&state_dir));
	assert_int_equal(mkdir(buf_cstr(&p), 0700), 0);
	buf_reset(&p);
	buf_printf(&p, "%s/deployments/ghost", buf_cstr(&state_dir));
	assert_int_equal(mkdir(buf_cstr(&p), 0700), 0);
	buf_puts(&p, "/.tmp-2-dead");
	assert_int_equal(mkdir(buf_cstr(&p), 0700), 0);
	assert_int_equal(store_versions(&s, "ghost", &vs, &n), 0);
	assert_int_equal(n, 0);
	free(vs);
	unsigned removed = 0;
	assert_int_equal(store_lock(&s), 0);
	assert_int_equal(store_clean(&s, &removed), 0);
	store_unlock(&s);
	assert_int_equal(removed, 3); /* two temp dirs and the empty ghost dir */
	assert_int_equal(stat(buf_cstr(&p), &st), -1);

	/* Delete one version, then the whole deployment. */
	assert_int_equal(store_delete(&s, "app", 1), 0);
	assert_int_equal(store_versions(&s, "app", &vs, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(vs[0], 2);
	free(vs);
	saved = quiet_stderr();
	assert_int_equal(store_delete(&s, "app", 1), -1);
	assert_int_equal(store_delete(&s, "nosuch", 0), -1);
	assert_int_equal(store_open_version(&s, "app", 7, &resolved), -1);
	restore_stderr(saved);
	assert_int_equal(store_delete(&s, "app", 0), 0);
	assert_int_equal(store_names(&s, &names, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(names[0], "other");
	store_free_names(names);
	store_close(&s);
	buf_release(&p);
	buf_release(&state_dir);
}

static void test_links_refused(void **state)
{
	const char *dir = *state;
	struct buf state_dir = BUF_INIT, outside = BUF_INIT, link = BUF_INIT;
	buf_printf(&state_dir, "%s/state", dir);
	buf_printf(&outside, "%s/outside", dir);
	assert_int_equal(mkdir(buf_cstr(&outside), 0700), 0);
	struct store s;
	assert_int_equal(store_open(&s, buf_cstr(&state_dir), true), 0);
	buf_printf(&link, "%s/deployments/evil", buf_cstr(&state_dir));
	assert_int_equal(symlink(buf_cstr(&outside), buf_cstr(&link)), 0);
	struct store_txn t;
	int resolved, *vs;
	size_t n;
	int saved = quiet_stderr();
	assert_int_equal(store_begin(&s, "evil", &t), -1);
	assert_int_equal(store_open_version(&s, "evil", 0, &resolved), -1);
	assert_int_equal(store_versions(&s, "evil", &vs, &n), -1);
	restore_stderr(saved);
	/* Nothing was written through the link. */
	struct buf probe = BUF_INIT;
	buf_printf(&probe, "%s/1", buf_cstr(&outside));
	struct stat st;
	assert_int_equal(lstat(buf_cstr(&probe), &st), -1);
	/* Deleting the name removes the link, not what it points to. */
	assert_int_equal(unlink(buf_cstr(&link)), 0);
	store_close(&s);
	assert_int_equal(stat(buf_cstr(&outside), &st), 0);
	buf_release(&probe);
	buf_release(&state_dir);
	buf_release(&outside);
	buf_release(&link);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_names),
	    cmocka_unit_test(test_name_from_path),
	    cmocka_unit_test(test_parse_ref),
	    cmocka_unit_test(test_yaml_round_trip),
	    cmocka_unit_test(test_yaml_errors),
	    cmocka_unit_test(test_manifest_round_trip),
	    cmocka_unit_test(test_manifest_damage),
	    cmocka_unit_test_setup_teardown(test_lifecycle, setup_dir, teardown_dir),
	    cmocka_unit_test_setup_teardown(test_links_refused, setup_dir, teardown_dir),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
