/* Unit tests for workdir.c (names, copy-in, listing, out-dir without
 * following links, removal) and the pure helpers of engine_spawn.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine/engine.h"
#include "util/rmtree.h"
#include "sandbox/workdir.h"

static char base[256];

static int setup(void **state)
{
	(void)state;
	const char *tmp = getenv("TMPDIR");
	snprintf(base, sizeof base, "%s/sbx-unit-wd.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	return mkdtemp(base) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[512];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
	return system(cmd) == 0 ? 0 : -1;
}

static void write_host(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void test_valid_name(void **state)
{
	(void)state;
	const char *why;
	assert_int_equal(workdir_valid_name("data.csv", &why), 0);
	assert_int_equal(workdir_valid_name(".hidden", &why), 0);
	const char *bad[] = {"", ".", "..", "a/b", "../x", "inputs.json", "a\nb"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		assert_int_equal(workdir_valid_name(bad[i], &why), -1);
		assert_non_null(why);
	}
	char longname[300];
	memset(longname, 'a', sizeof longname - 1);
	longname[sizeof longname - 1] = '\0';
	assert_int_equal(workdir_valid_name(longname, &why), -1);
}

static void test_copy_in_and_collect(void **state)
{
	(void)state;
	char src[512], out_dir[512], path[600];
	snprintf(src, sizeof src, "%s/src.txt", base);
	write_host(src, "hello\n");
	struct workdir wd;
	workdir_init(&wd);
	assert_int_equal(workdir_create(&wd, base, "ID"), 0);
	struct stat st;
	assert_int_equal(stat(wd.path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	/* The code's working directory is inside the run directory. */
	assert_int_equal(stat(wd.cwd, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(strncmp(wd.cwd, wd.path, strlen(wd.path)), 0);

	struct file_spec files[] = {{src, "in.txt"}};
	assert_int_equal(workdir_copy_in(&wd, files, 1, 1 << 20), 0);
	/* Over the cap: refused. */
	struct file_spec again[] = {{src, "in2.txt"}};
	assert_int_equal(workdir_copy_in(&wd, again, 1, 3), -1);
	/* A directory is not a file. */
	struct file_spec dir[] = {{base, "d"}};
	assert_int_equal(workdir_copy_in(&wd, dir, 1, 1 << 20), -1);

	assert_int_equal(workdir_mkdir(&wd, WORKDIR_PRIVATE), 0);
	assert_int_equal(workdir_write(&wd, WORKDIR_PRIVATE "/code", "x", 1), 0);
	assert_int_equal(workdir_snapshot(&wd), 0);

	/* What "the code" does: a new file, a file in a subdirectory, a link. */
	snprintf(path, sizeof path, "%s/new.txt", wd.cwd);
	write_host(path, "abc");
	snprintf(path, sizeof path, "%s/sub", wd.cwd);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof path, "%s/sub/deep.txt", wd.cwd);
	write_host(path, "d");
	snprintf(path, sizeof path, "%s/leak", wd.cwd);
	assert_int_equal(symlink("/etc/passwd", path), 0);
	snprintf(path, sizeof path, "%s/" WORKDIR_PRIVATE "/private.txt",
		 wd.path); /* not the code's */
	write_host(path, "p");
	/* A dot-directory (a git checkout's .git/config runs commands) and a
	 * file whose name the out dir holds already. */
	snprintf(path, sizeof path, "%s/.git", wd.cwd);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof path, "%s/.git/config", wd.cwd);
	write_host(path, "[core]\n\tfsmonitor = evil\n");
	snprintf(path, sizeof path, "%s/exists.txt", wd.cwd);
	write_host(path, "new");

	/* A link already in the out dir where a file would go. */
	snprintf(out_dir, sizeof out_dir, "%s/out", base);
	assert_int_equal(mkdir(out_dir, 0755), 0);
	snprintf(path, sizeof path, "%s/new.txt", out_dir);
	char target[600];
	snprintf(target, sizeof target, "%s/target", base);
	assert_int_equal(symlink(target, path), 0);
	snprintf(path, sizeof path, "%s/exists.txt", out_dir);
	write_host(path, "old");

	json_t *list = NULL, *f;
	assert_int_equal(workdir_collect(&wd, out_dir, false, 1 << 20, &list), -1);
	assert_int_equal(json_array_size(list), 4);
	f = json_array_get(list, 0);
	assert_string_equal(json_string_value(json_object_get(f, "name")), ".git/config");
	assert_true(json_is_null(json_object_get(f, "path")));
	assert_non_null(
	    strstr(json_string_value(json_object_get(f, "note")), "--out-dir-dotfiles"));
	f = json_array_get(list, 1);
	assert_string_equal(json_string_value(json_object_get(f, "name")), "exists.txt");
	assert_true(json_is_null(json_object_get(f, "path")));
	assert_non_null(strstr(json_string_value(json_object_get(f, "note")), "never overwrites"));
	f = json_array_get(list, 2);
	assert_string_equal(json_string_value(json_object_get(f, "name")), "new.txt");
	assert_string_equal(json_string_value(json_object_get(f, "sha256")),
			    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	assert_true(json_is_null(json_object_get(f, "path")));
	assert_string_equal(json_string_value(json_object_get(json_array_get(list, 3), "name")),
			    "sub/deep.txt");
	snprintf(path, sizeof path, "%s/.git", out_dir);
	assert_int_equal(lstat(path, &st), -1); /* no dot-directory made */
	snprintf(path, sizeof path, "%s/exists.txt", out_dir);
	FILE *old = fopen(path, "r");
	char got[8] = "";
	assert_non_null(old);
	assert_non_null(fgets(got, sizeof got, old));
	fclose(old);
	assert_string_equal(got, "old");	  /* not overwritten */
	assert_int_equal(lstat(target, &st), -1); /* not written through the link */
	snprintf(path, sizeof path, "%s/sub/deep.txt", out_dir);
	assert_int_equal(stat(path, &st), 0);
	snprintf(path, sizeof path, "%s/leak", out_dir);
	assert_int_equal(lstat(path, &st), -1);
	json_decref(list);

	char keep[512];
	snprintf(keep, sizeof keep, "%s", wd.path);
	workdir_remove(&wd);
	assert_int_equal(lstat(keep, &st), -1);
	assert_int_equal(stat("/etc/passwd", &st), 0); /* the link's target survives */
}

/* What sbx writes below the run directory never goes through a link: the
 * code may have swapped .sbx (or any directory below) for one to a host
 * directory, and a write, a mkdir or the removal must not follow it. */
static void test_no_write_through_links(void **state)
{
	(void)state;
	char host[512], path[700];
	snprintf(host, sizeof host, "%s/host", base);
	assert_int_equal(mkdir(host, 0700), 0);
	struct workdir wd;
	workdir_init(&wd);
	assert_int_equal(workdir_create(&wd, base, "ID"), 0);
	assert_int_equal(symlinkat(host, wd.fd, WORKDIR_PRIVATE), 0);
	assert_int_equal(workdir_write(&wd, WORKDIR_PRIVATE "/code.py", "x", 1), -1);
	assert_int_equal(workdir_mkdir(&wd, WORKDIR_PRIVATE "/tmp"), -1);
	/* A link deeper down, and ".." out of the run directory. */
	assert_int_equal(unlinkat(wd.fd, WORKDIR_PRIVATE, 0), 0);
	assert_int_equal(workdir_mkdir(&wd, WORKDIR_PRIVATE), 0);
	assert_int_equal(symlinkat(host, wd.fd, WORKDIR_PRIVATE "/src"), 0);
	assert_int_equal(workdir_write(&wd, WORKDIR_PRIVATE "/src/A.java", "x", 1), -1);
	assert_int_equal(workdir_write(&wd, "../escape", "x", 1), -1);
	assert_int_equal(workdir_write(&wd, WORKDIR_PRIVATE "/../../escape", "x", 1), -1);
	assert_int_equal(workdir_write(&wd, WORKDIR_PRIVATE "/code.py", "x", 1), 0);
	DIR *d = opendir(host);
	assert_non_null(d);
	int entries = 0;
	for (struct dirent *de; (de = readdir(d));)
		entries += de->d_name[0] != '.';
	closedir(d);
	assert_int_equal(entries, 0);
	snprintf(path, sizeof path, "%s/escape", base);
	struct stat st;
	assert_int_equal(lstat(path, &st), -1);
	/* Removal starts from the run directory's own fd: its path is not
	 * resolved again. */
	char keep[512];
	snprintf(keep, sizeof keep, "%s", wd.path);
	workdir_remove(&wd);
	assert_int_equal(lstat(keep, &st), -1);
	assert_int_equal(stat(host, &st), 0);
}

/* A tree built to resist removal: a chain deeper than the fds rmtree
 * holds, read-only and closed directories, a link out that must not be
 * followed. A passed deadline stops it part-way; the next call finishes. */
static void test_rmtree_resists(void **state)
{
	(void)state;
	char top[512], victim[512], keep[600];
	struct stat st;
	snprintf(top, sizeof top, "%s/tree", base);
	snprintf(victim, sizeof victim, "%s/victim", base);
	snprintf(keep, sizeof keep, "%s/keep", victim);
	assert_int_equal(mkdir(victim, 0755), 0);
	write_host(keep, "keep");
	assert_int_equal(mkdir(top, 0755), 0);
	int fd = open(top, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	assert_true(fd >= 0);
	int cur = dup(fd);
	for (int i = 0; i < 3 * RMTREE_HELD; i++) {
		assert_int_equal(mkdirat(cur, "d", 0755), 0);
		int next = openat(cur, "d", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		assert_true(next >= 0);
		close(cur);
		cur = next;
	}
	close(openat(cur, "f", O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	assert_int_equal(fchmod(cur, 0555), 0);
	close(cur);
	assert_int_equal(mkdirat(fd, "ro", 0755), 0);
	for (int i = 0; i < 200; i++) {
		char name[32];
		snprintf(name, sizeof name, "ro/%d", i);
		close(openat(fd, name, O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	}
	assert_int_equal(fchmodat(fd, "ro", 0555, 0), 0);
	assert_int_equal(mkdirat(fd, "closed", 0755), 0);
	close(openat(fd, "closed/f", O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	assert_int_equal(fchmodat(fd, "closed", 0, 0), 0);
	assert_int_equal(symlinkat(victim, fd, "link"), 0);
	assert_int_equal(fchmod(fd, 0500), 0);
	close(fd);

	assert_int_equal(rmtree_at(AT_FDCWD, top, 1.0), 1); /* a deadline long gone */
	assert_int_equal(lstat(top, &st), 0);
	assert_int_equal(rmtree_at(AT_FDCWD, top, 0), 0);
	assert_int_equal(lstat(top, &st), -1);
	assert_int_equal(stat(keep, &st), 0);
	assert_int_equal(rmtree_at(AT_FDCWD, top, 0), 0); /* gone already: fine */
}

/* sbx serve's warm sandboxes leave their directory to the next run's
 * sweep (workdir_leave_to_sweep): it stays, unlocked, until a sweep of its
 * base removes it; one made outside a swept base is removed as before. */
static void test_leave_to_sweep(void **state)
{
	(void)state;
	struct workdir wd;
	struct stat st;
	workdir_init(&wd);
	assert_int_equal(workdir_create(&wd, base, "leave"), 0);
	assert_true(wd.swept);
	assert_int_equal(workdir_mkdir(&wd, WORKDIR_PRIVATE), 0);
	char *path = strdup(wd.path);
	assert_non_null(path);
	workdir_leave_to_sweep(true);
	workdir_remove(&wd);
	assert_int_equal(stat(path, &st), 0);
	workdir_sweep(base);
	assert_int_equal(stat(path, &st), -1);
	free(path);

	char tmpdir[300];
	snprintf(tmpdir, sizeof tmpdir, "%s/tmpdir", base);
	assert_int_equal(mkdir(tmpdir, 0700), 0);
	const char *saved = getenv("TMPDIR");
	char *old = saved ? strdup(saved) : NULL;
	setenv("TMPDIR", tmpdir, 1);
	workdir_init(&wd);
	assert_int_equal(workdir_create(&wd, NULL, "unswept"), 0);
	assert_false(wd.swept);
	path = strdup(wd.path);
	assert_non_null(path);
	workdir_remove(&wd);
	assert_int_equal(stat(path, &st), -1);
	workdir_leave_to_sweep(false);
	free(path);
	if (old) {
		setenv("TMPDIR", old, 1);
		free(old);
	} else {
		unsetenv("TMPDIR");
	}
}

static void test_java_primary(void **state)
{
	(void)state;
	char name[256];
	const char *src = "// public class Comment {}\n"
			  "import java.util.*;\n"
			  "class Helper { String s = \"public class Str {\"; }\n"
			  "/* public class Block */\n"
			  "@SuppressWarnings(\"x\") public final class Real {\n"
			  "  public class Inner {}\n"
			  "}\n";
	engine_spawn_java_primary(src, strlen(src), name, sizeof name);
	assert_string_equal(name, "Real");
	const char *none = "class A { public static void main(String[] a) {} }";
	engine_spawn_java_primary(none, strlen(none), name, sizeof name);
	assert_string_equal(name, "Main");
	const char *rec = "public record Point(int x, int y) {}";
	engine_spawn_java_primary(rec, strlen(rec), name, sizeof name);
	assert_string_equal(name, "Point");
}

static void test_resolve(void **state)
{
	(void)state;
	char out[4096];
	assert_int_equal(engine_spawn_resolve("sbx-no-such-interpreter", NULL, out, sizeof out),
			 -1);
	assert_int_equal(engine_spawn_resolve("", NULL, out, sizeof out), -1);
	/* sh is a binary on every system; the resolved path is absolute. */
	assert_int_equal(engine_spawn_resolve("sh", NULL, out, sizeof out), 0);
	assert_int_equal(out[0], '/');
	/* A script found first is skipped (a pyenv-style shim). */
	char dir[512], shim[600];
	snprintf(dir, sizeof dir, "%s/bin", base);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(shim, sizeof shim, "%s/sh", dir);
	write_host(shim, "#!/bin/sh\nexit 0\n");
	assert_int_equal(chmod(shim, 0755), 0);
	assert_int_equal(engine_spawn_resolve("sh", dir, out, sizeof out), 0);
	assert_string_not_equal(out, shim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_valid_name),
	    cmocka_unit_test_setup_teardown(test_copy_in_and_collect, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_no_write_through_links, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_rmtree_resists, setup, teardown),
	    cmocka_unit_test_setup_teardown(test_leave_to_sweep, setup, teardown),
	    cmocka_unit_test(test_java_primary),
	    cmocka_unit_test_setup_teardown(test_resolve, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
