/* java_spawn — Java's part of a spawned run: javac as a sandboxed
 * step of its own (it parses untrusted code), its classes cached by the
 * code's SHA-256 (engine/build_cache.c) so a repeated run starts at JVM speed, and
 * the tuned JVM's command line with sbx's launcher.
 *
 * May call: engine_spawn's shared steps (spawn_kit.h), build_cache,
 * java_wrap, workdir, outcome, util, libc.
 */
#include "engine/engine.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lang/lang_int.h"
#include "engine/java_wrap.h"
#include "engine/build_cache.h"
#include "util/jsonout.h"
#include "prelude_java_launcher.h"
#include "sandbox/sandbox.h"
#include "util/util.h"

#define JAVA_MIN_HEAP (16ull << 20)
/* javac runs under the run's limits, but never below these: a JVM compiler
 * does not even start in less (a cold javac takes ~1.5 s). */
#define JAVAC_MIN_TIMEOUT_MS 10000u
#define JAVAC_MIN_MEMORY     (256ull << 20)
#define JAVAC_JVM_OVERHEAD   (128ull << 20) /* what javac's JVM needs besides its heap */
#define JAVA_LAUNCHER	     "_SbxLaunch_"
/* The launcher's own entry in the build cache, beside the programs' (whose
 * names are SHA-256s, and whose classes carry it too): a warm JVM starts
 * with it before its request (java_warm_code_in). */
#define JAVA_LAUNCHER_ENTRY "_SbxLaunch_"

/* The tuned JVM: C1 only starts fastest for short programs; the
 * reservations keep the footprint inside small memory limits; no
 * /tmp/hsperfdata. The default CDS archive is used (-Xshare:auto) whole:
 * its heap objects and module graph need the default GC (G1) and no
 * --add-opens (with the serial GC a hello took ~10 ms more CPU, with
 * --add-opens ~15 ms more). */
const char *const java_jvm_flags[] = {
    "-XX:TieredStopAtLevel=1",
    "-XX:CICompilerCount=1",
    "-XX:ReservedCodeCacheSize=32m",
    "-XX:CompressedClassSpaceSize=64m",
    "-XX:-UsePerfData",
    "-Xshare:auto",
    NULL,
};
/* javac: no annotation processors (they would run code found on the class
 * path), no implicit compilation of other sources. */
static const char *const javac_flags[] = {
    "-J-XX:+UseSerialGC",
    "-J-XX:TieredStopAtLevel=1",
    "-J-XX:-UsePerfData",
    "-J-Xshare:auto",
    "-proc:none",
    "-implicit:none",
    /* No -g: javac's own default (source and line numbers, no local
     * variable names), so a helpful NullPointerException names a local
     * "<local1>" as it does after a plain javac. */
    "-encoding",
    "UTF-8",
    "-d",
    "../classes",
    NULL,
};

/* First "File.java:LINE: error: MESSAGE" of javac's output, and the column
 * from the caret line under the quoted source. */
static void javac_error(const char *text, struct outcome *out)
{
	long line = -1, column = -1;
	char msg[512] = "compilation failed";
	const char *p = strstr(text, ".java:");
	if (p) {
		char *end;
		line = strtol(p + 6, &end, 10);
		if (end != p + 6 && !strncmp(end, ": error: ", 9)) {
			const char *m = end + 9, *nl = strchr(m, '\n');
			size_t n = nl ? (size_t)(nl - m) : strlen(m);
			snprintf(msg, sizeof msg, "%.*s", (int)(n < 500 ? n : 500), m);
			/* Next lines: the source line, then spaces and '^'. */
			const char *l2 = nl ? strchr(nl + 1, '\n') : NULL;
			if (l2) {
				const char *caret = l2 + 1;
				size_t k = 0;
				while (caret[k] == ' ' || caret[k] == '\t')
					k++;
				if (caret[k] == '^')
					column = (long)k + 1;
			}
		} else {
			line = -1;
		}
	}
	outcome_fail(out, STATUS_ERROR, "CompileError", "%s", msg);
	json_object_set_new(out->error, "line", line > 0 ? json_integer(line) : json_null());
	json_object_set_new(out->error, "column", column > 0 ? json_integer(column) : json_null());
	json_object_set_new(out->error, "traceback", json_string_utf8_lossy(text, strlen(text)));
	out->exited = true;
	out->exit_code = 1;
}

/* javac's warnings of a compilation that succeeded ("Note: Main.java uses
 * unchecked or unsafe operations."), kept beside the classes so a cached
 * compilation shows them too: javac prints them on every compilation. */
#define JAVAC_NOTES "javac-notes.txt"

/* The cache namespace: a digest of the launcher and the compiler flags. */
static void java_cache_version(char out[17])
{
	struct buf b = BUF_INIT;
	buf_puts(&b, prelude_java_launcher);
	buf_puts(&b, JAVA_WRAP_VERSION);
	for (size_t i = 0; javac_flags[i]; i++)
		buf_puts(&b, javac_flags[i]);
	char hex[65];
	sha256_hex(b.data, b.len, hex);
	buf_release(&b);
	memcpy(out, hex, 16);
	out[16] = '\0';
}

/* javac's notes beside the program's classes, which go into the cache. */
static void java_notes_keep_and_store(struct spawn_run *s, int cfd, struct outcome *cout,
				      const char *version)
{
	const struct request *req = s->req;
	struct buf notes = BUF_INIT;
	buf_puts(&notes, buf_cstr(&cout->err.kept));
	buf_puts(&notes, buf_cstr(&cout->out.kept));
	if (s->java_wrapped && notes.len) {
		char *mine = java_unwrap_diagnostics(buf_cstr(&notes), s->java_src, s->java_len,
						     req->code, req->code_len);
		buf_reset(&notes);
		buf_puts(&notes, mine);
		free(mine);
	}
	build_notes_keep(cfd, JAVAC_NOTES, notes.data, notes.len);
	buf_release(&notes);
	if (req->state_dir)
		build_cache_store(req->state_dir, lang_java.build_kind, version, req->code_sha256,
				  cfd);
}

/* One file from the directory from to the directory to (a new file). */
static int file_copy(int from, int to, const char *name)
{
	int in = openat(from, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	int out =
	    in < 0 ? -1
		   : openat(to, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	char chunk[16384];
	ssize_t n = out < 0 ? -1 : 0;
	while (out >= 0 && (n = read(in, chunk, sizeof chunk)) > 0 &&
	       write_all(out, chunk, (size_t)n) == 0)
		;
	if (in >= 0)
		close(in);
	if (out >= 0 && close(out) != 0)
		n = -1;
	return n == 0 ? 0 : -1;
}

/* The launcher's class from the classes directory (where javac wrote it
 * with the program's, or the program's cached classes, which keep it so
 * that a deployment's artefacts run without javac) into the launcher's:
 * copied, or moved (keep false: a warm sandbox's classes directory stays
 * empty for its request's). Its one file, by its exact name: a program may
 * declare classes named like it (`class _SbxLaunch_X`, even
 * `_SbxLaunch_$1`), which must not reach the launcher's cache entry, on
 * the class path of every later Java run of this state directory, before
 * the program's own classes. The launcher has no nested or anonymous
 * class (_SbxLaunch_.java). Returns 1, or -1. */
static int launcher_take(int cfd, int lfd, bool keep)
{
	const char *name = JAVA_LAUNCHER ".class";
	int rc = keep ? file_copy(cfd, lfd, name) : renameat(cfd, name, lfd, name);
	return rc == 0 ? 1 : -1;
}

/* Compiles the code unless the cache has it, and the launcher unless the
 * cache has it; leaves the program's classes in .sbx/classes and the
 * launcher's in .sbx/launcher. primary NULL: the launcher only (a warm
 * sandbox's, before its request). Returns 0 to go on and run, 1 when out
 * is final (compile error, timeout), -1 on a setup failure. */
static int java_compile(struct spawn_run *s, const char *primary, char *const *compile_cmd)
{
	struct request *req = s->req;
	char version[17];
	java_cache_version(version);
	int cfd = openat(s->wd.fd, WORKDIR_PRIVATE "/classes",
			 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int lfd = openat(s->wd.fd, WORKDIR_PRIVATE "/" JAVA_LAUNCHER_DIR,
			 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (cfd < 0 || lfd < 0) {
		if (cfd >= 0)
			close(cfd);
		if (lfd >= 0)
			close(lfd);
		return engine_spawn_setup_failed(s->out, "cannot open the classes directory");
	}
	double start = now_monotonic_ms();
	int hit =
	    !primary || (req->state_dir && build_cache_load(req->state_dir, lang_java.build_kind,
							    version, req->code_sha256, cfd) == 1);
	int launcher_hit =
	    req->state_dir && build_cache_load(req->state_dir, lang_java.build_kind, version,
					       JAVA_LAUNCHER_ENTRY, lfd) == 1;
	if (hit && primary && !launcher_hit && launcher_take(cfd, lfd, true) > 0) {
		launcher_hit = 1;
		if (req->state_dir)
			build_cache_store(req->state_dir, lang_java.build_kind, version,
					  JAVA_LAUNCHER_ENTRY, lfd);
	}
	if (!hit || !launcher_hit) {
		/* javac sits beside the java binary that runs the classes. */
		char dir[PATH_MAX], java_exe[PATH_MAX];
		memcpy(java_exe, s->exe, sizeof java_exe);
		snprintf(dir, sizeof dir, "%s", s->exe);
		char *slash = strrchr(dir, '/');
		if (slash)
			*slash = '\0';
		const char *cmd = compile_cmd && compile_cmd[0] ? compile_cmd[0] : "javac";
		if (engine_spawn_resolve(cmd, dir, s->exe, sizeof s->exe) < 0) {
			close(cfd);
			close(lfd);
			engine_spawn_unavailable(s->out, req->lang, cmd);
			return 1;
		}
		char file[NAME_MAX + 1], path[NAME_MAX + 32];
		snprintf(file, sizeof file, "%s.java", primary ? primary : JAVA_LAUNCHER);
		snprintf(path, sizeof path, WORKDIR_PRIVATE "/src/%s", file);
		if (workdir_mkdir(&s->wd, WORKDIR_PRIVATE "/src") < 0 ||
		    (!hit && workdir_write(&s->wd, path, s->java_src, s->java_len) < 0) ||
		    ((!hit || !launcher_hit) &&
		     workdir_write(&s->wd, WORKDIR_PRIVATE "/src/" JAVA_LAUNCHER ".java",
				   prelude_java_launcher, strlen(prelude_java_launcher)) < 0)) {
			close(cfd);
			close(lfd);
			return engine_spawn_setup_failed(s->out, "cannot write the Java sources");
		}
		/* javac's own step: quiet (its diagnostics become the error),
		 * stdin empty, under the run's limits (with the floors above):
		 * a huge source cannot keep javac busy past the user's timeout
		 * by much, nor grow its heap past the memory limit. */
		struct request creq = *req;
		creq.format = FORMAT_JSON;
		creq.limits.timeout_ms = req->limits.timeout_ms > JAVAC_MIN_TIMEOUT_MS
					     ? req->limits.timeout_ms
					     : JAVAC_MIN_TIMEOUT_MS;
		creq.limits.cpu_ms = request_cpu_ms(req) > JAVAC_MIN_TIMEOUT_MS
					 ? request_cpu_ms(req)
					 : JAVAC_MIN_TIMEOUT_MS;
		creq.limits.memory_bytes = req->limits.memory_bytes > JAVAC_MIN_MEMORY
					       ? req->limits.memory_bytes
					       : JAVAC_MIN_MEMORY;
		char xmx[40];
		snprintf(
		    xmx, sizeof xmx, "-J-Xmx%llum",
		    (unsigned long long)((creq.limits.memory_bytes - JAVAC_JVM_OVERHEAD) >> 20));
		struct argv_builder a = {.v = NULL};
		engine_spawn_arg(&a, s->exe);
		for (size_t i = 1; compile_cmd && compile_cmd[0] && compile_cmd[i]; i++)
			engine_spawn_arg(&a, compile_cmd[i]);
		for (size_t i = 0; javac_flags[i]; i++)
			engine_spawn_arg(&a, javac_flags[i]);
		engine_spawn_arg(&a, xmx);
		if (!hit)
			engine_spawn_arg(&a, file);
		/* With the program's always: its cached classes carry it. */
		engine_spawn_arg(&a, JAVA_LAUNCHER ".java");
		char cwd[PATH_MAX + 16];
		snprintf(cwd, sizeof cwd, "%s/" WORKDIR_PRIVATE "/src", s->wd.path);

		struct outcome cout;
		outcome_init(&cout, &creq);
		int saved_stdin = s->stdin_fd;
		s->stdin_fd = -1;
		/* No sink: javac's output is shown only on failure, below. */
		/* A warm sandbox's launcher (primary NULL) is compiled in its
		 * set-up, where runs end at their init's word and leave their
		 * cgroup to a sweep (warm_run.c): this step ends whole, so the
		 * JVM's sandbox, whose cgroup has the same name, starts clean. */
		if (!primary)
			sandbox_leave_ending_init(false);
		int rc =
		    a.overflow ? -1 : engine_spawn_step(s, &creq, &cout, NULL, cwd, a.v, 0, false);
		if (!primary)
			sandbox_leave_ending_init(true);
		free(a.v);
		s->stdin_fd = saved_stdin;
		memcpy(s->exe, java_exe, sizeof java_exe);
		double ms = now_monotonic_ms() - start;
		if (!s->out->extra)
			s->out->extra = json_object();
		json_object_set_new(s->out->extra, "compile",
				    json_pack("{s:b, s:f, s:{s:I, s:I, s:I}}", "cached", 0,
					      "wall_ms", ms, "limits", "timeout_ms",
					      (json_int_t)creq.limits.timeout_ms, "cpu_ms",
					      (json_int_t)creq.limits.cpu_ms, "memory_kb",
					      (json_int_t)(creq.limits.memory_bytes >> 10)));
		int ret = 0;
		if (rc < 0 || cout.status == STATUS_SANDBOX_ERROR) {
			ret =
			    engine_spawn_setup_failed(s->out, "javac could not run in the sandbox");
		} else if (cout.status != STATUS_OK) {
			/* What javac said is what the user needs to see. */
			struct buf all = BUF_INIT;
			buf_puts(&all, buf_cstr(&cout.err.kept));
			buf_puts(&all, buf_cstr(&cout.out.kept));
			if (s->java_wrapped) {
				/* About the code as written, not sbx's class around it. */
				char *mine =
				    java_unwrap_diagnostics(buf_cstr(&all), s->java_src,
							    s->java_len, req->code, req->code_len);
				buf_reset(&all);
				buf_puts(&all, mine);
				free(mine);
			}
			build_output_show(s, all.data, all.len);
			if (cout.status == STATUS_ERROR)
				javac_error(buf_cstr(&all), s->out);
			else
				outcome_fail(
				    s->out, cout.status, "CompileError",
				    "javac: %s (javac runs under the run's --timeout and "
				    "--memory, at least %us and %lluM)",
				    json_string_value(json_object_get(cout.error, "message")),
				    JAVAC_MIN_TIMEOUT_MS / 1000,
				    (unsigned long long)(JAVAC_MIN_MEMORY >> 20));
			buf_release(&all);
			ret = 1;
		} else if (!launcher_hit && launcher_take(cfd, lfd, primary != NULL) <= 0) {
			ret = engine_spawn_setup_failed(
			    s->out, "cannot put the launcher's classes in place");
		} else {
			if (!launcher_hit && req->state_dir)
				build_cache_store(req->state_dir, lang_java.build_kind, version,
						  JAVA_LAUNCHER_ENTRY, lfd);
			if (!hit)
				java_notes_keep_and_store(s, cfd, &cout, version);
			if (primary)
				build_notes_show(s, cfd, JAVAC_NOTES);
		}
		outcome_release(&cout);
		close(cfd);
		close(lfd);
		return ret;
	}
	if (primary)
		build_notes_show(s, cfd, JAVAC_NOTES);
	close(cfd);
	close(lfd);
	if (!s->out->extra)
		s->out->extra = json_object();
	json_object_set_new(
	    s->out->extra, "compile",
	    json_pack("{s:b, s:f}", "cached", 1, "wall_ms", now_monotonic_ms() - start));
	return 0;
}

static int java_cache_path(const char *state_dir, const char *sha, char *out, size_t n)
{
	char version[17];
	java_cache_version(version);
	int len = snprintf(out, n, "%s/cache/java/%s/%s", state_dir, version, sha);
	return len > 0 && (size_t)len < n ? 0 : -1;
}

int java_artefacts_path(const struct request *req, char *out, size_t n)
{
	return java_cache_path(req->state_dir, req->code_sha256, out, n);
}

int java_artefacts_restore(const struct request *req, int classes_fd)
{
	const char *state_dir = req->state_dir, *sha = req->code_sha256;
	char path[PATH_MAX], version[17];
	struct stat st;
	if (java_cache_path(state_dir, sha, path, sizeof path) != 0)
		return -1;
	if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return 0; /* already there */
	java_cache_version(version);
	return build_cache_store(state_dir, lang_java.build_kind, version, sha, classes_fd);
}

/* The launch file's text (_SbxLaunch_.java): the classes directory, the
 * public class and its file's name, each ended by a NUL byte. */
static void launch_text(struct buf *b, const char *classes, const char *primary)
{
	buf_append(b, classes, strlen(classes) + 1);
	buf_append(b, primary, strlen(primary) + 1);
	buf_append(b, primary, strlen(primary));
	buf_append(b, ".java", sizeof ".java"); /* with its NUL */
}

/* The heap gets what the JVM's own ~64 MiB leave of the limit. */
static void java_heap_flag(struct spawn_run *s)
{
	const struct request *req = s->req;
	uint64_t heap = req->limits.memory_bytes > (128ull << 20)
			    ? req->limits.memory_bytes - (64ull << 20)
			    : req->limits.memory_bytes / 2;
	if (heap < JAVA_MIN_HEAP)
		heap = JAVA_MIN_HEAP;
	snprintf(s->java_xmx, sizeof s->java_xmx, "-Xmx%llum", (unsigned long long)(heap >> 20));
}

/* The program's source (wrapped when it is bare statements) and its public
 * class; 1 after out says the name cannot be a file's. */
static int java_source(struct spawn_run *s)
{
	struct request *req = s->req;
	size_t wlen = 0;
	s->java_wrapped = java_wrap(req->code, req->code_len, &wlen);
	s->java_src = s->java_wrapped ? s->java_wrapped : req->code;
	s->java_len = s->java_wrapped ? wlen : req->code_len;
	char *primary = s->java_primary;
	engine_spawn_java_primary(s->java_src, s->java_len, primary, sizeof s->java_primary);
	if (strlen(primary) + strlen(".java") > NAME_MAX) {
		/* javac needs the file named after the public class. */
		outcome_fail(s->out, STATUS_ERROR, "CompileError",
			     "the public class name is %zu characters long: javac needs a "
			     "file named after it, and file names have at most %d bytes; "
			     "use a shorter name",
			     strlen(primary), NAME_MAX - 5);
		s->out->exited = true;
		s->out->exit_code = 1;
		return 1;
	}
	return 0;
}

int java_spawn_args(struct spawn_run *s, struct argv_builder *a, const char *inputs_arg,
		    char *const *compile_cmd, uint64_t *as)
{
	(void)inputs_arg;
	/* RLIMIT_AS would break the JVM, which reserves far more address
	 * space than it uses: the cgroup holds the real limit. */
	*as = 0;
	struct request *req = s->req;
	struct outcome *out = s->out;
	if (workdir_mkdir(&s->wd, WORKDIR_PRIVATE "/classes") < 0 ||
	    workdir_mkdir(&s->wd, WORKDIR_PRIVATE "/" JAVA_LAUNCHER_DIR) < 0)
		return engine_spawn_setup_failed(out, "cannot prepare the working directory");
	/* A warm sandbox (sbx serve's pool) starts its JVM before its
	 * request: with the launcher only, its classes directory empty and
	 * no launch file, which java_warm_code_in puts in place once the
	 * request comes (its program's classes only from the cache). */
	bool warm = sandbox_hold_pending();
	int c = warm ? 0 : java_source(s);
	if (c == 0)
		c = java_compile(s, warm ? NULL : s->java_primary, compile_cmd);
	if (c != 0)
		return c;
	if (req->build_only) {
		/* The classes are in the cache now: that was the build. */
		out->status = STATUS_OK;
		out->exited = true;
		return 1;
	}
	snprintf(s->code, sizeof s->code, "%s/" WORKDIR_PRIVATE "/" JAVA_LAUNCH_FILE, s->wd.path);
	if (!warm) {
		struct buf text = BUF_INIT;
		launch_text(&text, s->classes, s->java_primary);
		int w = workdir_write(&s->wd, WORKDIR_PRIVATE "/" JAVA_LAUNCH_FILE, text.data,
				      text.len);
		buf_release(&text);
		if (w < 0)
			return engine_spawn_setup_failed(out, "cannot write the launch file");
	}
	java_heap_flag(s);
	for (size_t i = 0; java_jvm_flags[i]; i++)
		engine_spawn_arg(a, java_jvm_flags[i]);
	engine_spawn_arg(a, s->java_xmx);
	/* The launcher writes its report to fd 3 by reopening it as
	 * /proc/self/fd/3 (see _SbxLaunch_.report): no --add-opens, which
	 * turns off the CDS archive's module graph (~15 ms of CPU a run).
	 * The launcher's directory first: a program's own _SbxLaunch_ is
	 * not it. */
	snprintf(s->word[0], sizeof s->word[0], "%s/" WORKDIR_PRIVATE "/" JAVA_LAUNCHER_DIR ":%s",
		 s->wd.path, s->classes);
	engine_spawn_arg(a, "-cp"), engine_spawn_arg(a, s->word[0]);
	engine_spawn_arg(a, JAVA_LAUNCHER), engine_spawn_arg(a, s->code);
	return 0;
}

bool java_warm_code_in(const struct request *req, const char *rundir, struct outcome *out)
{
	if (!req->state_dir)
		return false;
	double start = now_monotonic_ms();
	struct outcome scratch; /* a name too long is the cold run's to say */
	outcome_init(&scratch, req);
	struct spawn_run s = {.req = (struct request *)req, .out = &scratch};
	int c = java_source(&s);
	outcome_release(&scratch);
	if (c != 0) {
		free(s.java_wrapped);
		return false;
	}
	char classes[PATH_MAX], version[17];
	int n = snprintf(classes, sizeof classes, "%s/" WORKDIR_PRIVATE "/classes", rundir);
	int cfd = n > 0 && (size_t)n < sizeof classes
		      ? open(classes, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
		      : -1;
	java_cache_version(version);
	/* Only a build the cache has: javac is a sandboxed step of its own,
	 * which a sandbox already set up cannot take. Nor one with javac's
	 * notes, which a cold run prints before the program starts. */
	struct stat st;
	bool ok = cfd >= 0 &&
		  build_cache_load(req->state_dir, lang_java.build_kind, version, req->code_sha256,
				   cfd) == 1 &&
		  (fstatat(cfd, JAVAC_NOTES, &st, AT_SYMLINK_NOFOLLOW) != 0 || st.st_size == 0);
	if (cfd >= 0)
		close(cfd);
	char path[PATH_MAX];
	n = snprintf(path, sizeof path, "%s/" WORKDIR_PRIVATE "/" JAVA_LAUNCH_FILE, rundir);
	int fd = ok && n > 0 && (size_t)n < sizeof path
		     ? open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644)
		     : -1;
	struct buf text = BUF_INIT;
	launch_text(&text, classes, s.java_primary);
	ok = fd >= 0 && write_all(fd, text.data, text.len) == 0;
	if (fd >= 0 && close(fd) != 0)
		ok = false;
	buf_release(&text);
	free(s.java_wrapped);
	if (ok) {
		if (!out->extra)
			out->extra = json_object();
		json_object_set_new(
		    out->extra, "compile",
		    json_pack("{s:b, s:f}", "cached", 1, "wall_ms", now_monotonic_ms() - start));
	}
	return ok;
}
