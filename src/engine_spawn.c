/* engine_spawn — python, java and R: a private working directory, a wrapper
 * (src/prelude/) that turns the program's end into the report on fd 3, and an
 * execve of the real interpreter inside the sandbox.
 *
 * Java is compiled once per source by javac, itself run as a first sandboxed
 * step (javac parses untrusted code), and the classes are cached by the
 * code's SHA-256 (javac_cache.c): a repeated run starts at JVM speed.
 */
#include "config.h"
#include "engine.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interp.h"
#include "isolate.h"
#include "java_wrap.h"
#include "javac_cache.h"
#include "jsonout.h"
#include "progin.h"
#include "prelude_java_launcher.h"
#include "prelude_python.h"
#include "prelude_r.h"
#include "sandbox.h"
#include "util.h"
#include "workdir.h"

#define SPAWN_MAX_ARGS 4096	      /* the interpreter's words plus the program's arguments */
#define SPAWN_NPROC    256	      /* backstop only: cgroup pids.max is the real cap */
#define R_MIN_AS       (128ull << 20) /* R does not start with less address space */
#define JAVA_MIN_HEAP  (16ull << 20)
/* javac runs under the run's limits, but never below these: a JVM compiler
 * does not even start in less (a cold javac takes ~1.5 s). */
#define JAVAC_MIN_TIMEOUT_MS 10000u
#define JAVAC_MIN_MEMORY     (256ull << 20)
#define JAVAC_JVM_OVERHEAD   (128ull << 20) /* what javac's JVM needs besides its heap */
#define JAVA_LAUNCHER	     "_SbxLaunch_"

/* The tuned JVM: serial GC and C1 only start fastest for short programs; the
 * reservations keep the footprint inside small memory limits; no
 * /tmp/hsperfdata. The default CDS archive is used (-Xshare:auto). */
static const char *const jvm_flags[] = {
    "-XX:+UseSerialGC",
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
    "-Xmaxerrs",
    "20",
    "-d",
    "../classes",
    NULL,
};

struct argv_builder {
	char **v; /* NULL-terminated once anything was added; free() it */
	size_t n;
	bool overflow;
};

static void arg(struct argv_builder *a, const char *s)
{
	if (a->n >= SPAWN_MAX_ARGS) {
		a->overflow = true;
		return;
	}
	a->v = xrealloc(a->v, (a->n + 2) * sizeof(*a->v));
	a->v[a->n++] = (char *)s;
	a->v[a->n] = NULL;
}

struct spawn_child {
	const char *exe;
	char *const *argv;
	char *const *envp;
};

/* In the sandbox, after every layer is in force. */
static void spawn_child_main(void *p)
{
	const struct spawn_child *c = p;
	execve(c->exe, c->argv, c->envp);
	char msg[PATH_MAX + 64];
	int n = snprintf(msg, sizeof msg, "sbx: cannot start %s: %s\n", c->exe, strerror(errno));
	if (n > 0)
		(void)!write(STDERR_FILENO, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg);
	_exit(127);
}

/* True if path is an ELF executable, not a script: a pyenv shim on PATH
 * costs ~170 ms per start and is not visible inside the sandbox's root. */
static bool is_elf(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	unsigned char m[4];
	bool elf = read(fd, m, 4) == 4 && !memcmp(m, "\177ELF", 4);
	close(fd);
	return elf;
}

static bool try_candidate(const char *dir, size_t dlen, const char *name, char *out, size_t cap)
{
	char p[PATH_MAX], real[PATH_MAX];
	int n = snprintf(p, sizeof p, "%.*s/%s", (int)dlen, dir, name);
	if (n < 0 || (size_t)n >= sizeof p || access(p, X_OK) != 0 || !realpath(p, real))
		return false;
	struct stat st;
	if (stat(real, &st) != 0 || !S_ISREG(st.st_mode) || !is_elf(real) || strlen(real) >= cap)
		return false;
	memcpy(out, real, strlen(real) + 1);
	return true;
}

int engine_spawn_resolve(const char *command, const char *prefer_dir, char *out, size_t cap)
{
	if (!command || !*command)
		return -1;
	if (strchr(command, '/')) {
		/* A path is used as given, links and all: a virtualenv's
		 * bin/python is a link to the base interpreter, and Python
		 * finds its venv (pyvenv.cfg) from the path it was started by.
		 * Only a relative directory part is made absolute. */
		char real[PATH_MAX], dir[PATH_MAX];
		struct stat st;
		if (access(command, X_OK) != 0 || stat(command, &st) != 0 || !S_ISREG(st.st_mode))
			return -1;
		if (command[0] == '/') {
			snprintf(real, sizeof real, "%s", command);
		} else {
			const char *base = strrchr(command, '/');
			snprintf(dir, sizeof dir, "%.*s", (int)(base - command), command);
			char rdir[PATH_MAX];
			if (!realpath(dir, rdir))
				return -1;
			snprintf(real, sizeof real, "%s%s", rdir, base);
		}
		if (strlen(real) >= cap)
			return -1;
		memcpy(out, real, strlen(real) + 1);
		return 0;
	}
	if (prefer_dir && try_candidate(prefer_dir, strlen(prefer_dir), command, out, cap))
		return 0;
	/* The system directories first: the sandbox shows only /usr, and the
	 * user's PATH may lead to shims and wrappers. Then the rest of PATH,
	 * ELF binaries only. */
	static const char *const sys_dirs[] = {"/usr/bin", "/bin", "/usr/local/bin", NULL};
	for (size_t i = 0; sys_dirs[i]; i++)
		if (try_candidate(sys_dirs[i], strlen(sys_dirs[i]), command, out, cap))
			return 0;
	const char *path = getenv("PATH");
	for (const char *p = path; p && *p;) {
		const char *end = strchr(p, ':');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len && *p == '/' && try_candidate(p, len, command, out, cap))
			return 0;
		p = end ? end + 1 : p + len;
	}
	return -1;
}

struct spawn_run {
	struct request *req;
	struct outcome *out;
	const struct output_sink *sink;
	struct workdir wd;
	const char *java_src; /* the Java source as compiled (wrapped or as given) */
	size_t java_len;
	char exe[PATH_MAX];
	char **env; /* sbx's variables, then --env's; free() the array only */
	char home[PATH_MAX + 8];
	char tmpdir[PATH_MAX + 16];
	char mplconfig[PATH_MAX + 24];
	char xdgcache[PATH_MAX + 24];
	char rprofile[PATH_MAX + 32];
	char code[PATH_MAX + 16];    /* WORKDIR_PRIVATE/code.py or .R, absolute */
	char inputs[PATH_MAX + 24];  /* WORKDIR_PRIVATE/inputs.json, absolute */
	char classes[PATH_MAX + 16]; /* WORKDIR_PRIVATE/classes, absolute */
	int stdin_fd;
	/* The interpreter's directories outside the default root (interp.h),
	 * as plan.ro_dirs. */
	char ro[ISOLATE_MAX_EXTRA][256];
	char *ro_dirs[ISOLATE_MAX_EXTRA + 1];
};

/* Python's stdout buffering, as python3 would have it where sbx's output
 * goes (the code's stdout is always a pipe, which python3 block-buffers).
 * Text to a terminal: python3 line-buffers, so -u (every write as it
 * comes) shows the same. Text to a file or pipe: block-buffered as
 * natively, so `2>&1` gets python3's own order (stderr first, stdout at
 * exit) and, as natively, what is still buffered when the run is killed is
 * lost. JSON and NDJSON: -u, so the events stream as the program writes
 * and the record keeps what came before a timeout. */
static bool python_unbuffered(const struct request *req)
{
	return req->format != FORMAT_TEXT || isatty(STDOUT_FILENO);
}

/* The program's whole environment: the host's is never passed on. */
static void build_env(struct spawn_run *s)
{
	snprintf(s->home, sizeof s->home, "HOME=%s", s->wd.cwd);
	const struct request *req = s->req;
	size_t n = 0;
	/* sbx's own (at most 9), R's profile and the NULL (see the R case). */
	s->env = xcalloc(12 + req->nenv, sizeof(*s->env));
	s->env[n++] = "PATH=/usr/bin:/bin";
	s->env[n++] = s->home;
	bool lang_given = false;
	for (size_t i = 0; i < req->nenv; i++)
		lang_given |= !strncmp(req->env[i], "LANG=", 5);
	if (!lang_given)
		s->env[n++] = "LANG=C.UTF-8";
	/* Temporary files stay in the run's own directory: removed with it,
	 * and reachable whether or not the run got a private /tmp (without
	 * namespaces, Landlock closes the host's /tmp). */
	snprintf(s->tmpdir, sizeof s->tmpdir, "TMPDIR=%s/" WORKDIR_PRIVATE "/tmp", s->wd.path);
	s->env[n++] = s->tmpdir;
	s->env[n++] = "PYTHONDONTWRITEBYTECODE=1";
	/* matplotlib: no display, and its config and font list in the run's
	 * own temporary directory, not among the files the code made. */
	s->env[n++] = "MPLBACKEND=Agg";
	snprintf(s->mplconfig, sizeof s->mplconfig, "MPLCONFIGDIR=%s/" WORKDIR_PRIVATE "/tmp",
		 s->wd.path);
	s->env[n++] = s->mplconfig;
	/* fontconfig's cache (matplotlib, R and Java graphics): not a file
	 * the code made, so not in its working directory's listing. */
	snprintf(s->xdgcache, sizeof s->xdgcache, "XDG_CACHE_HOME=%s/" WORKDIR_PRIVATE "/tmp",
		 s->wd.path);
	s->env[n++] = s->xdgcache;
	/* --env: names checked by request_add_env (none of the above). */
	for (size_t i = 0; i < req->nenv; i++)
		s->env[n++] = req->env[i];
	s->env[n] = NULL;
}

/* sys.argv[0] and the file name in tracebacks and __file__, as python3
 * gives them: "-c" and "<string>" for -e or Markdown, "-" and "<stdin>" for
 * standard input, and for a FILE its name as given and its absolute path
 * (python3 makes it absolute; the prelude normalizes "." and ".."). */
static void python_names(const struct request *req, char *name, size_t cap, const char **argv0)
{
	const char *o = req->code_origin ? req->code_origin : "-e";
	if (req->code_from_markdown || !strcmp(o, "-e")) {
		*argv0 = "-c";
		snprintf(name, cap, "<string>");
	} else if (!strcmp(o, "-")) {
		*argv0 = "-";
		snprintf(name, cap, "<stdin>");
	} else {
		char cwd[PATH_MAX];
		*argv0 = o;
		int n = -1;
		if (o[0] != '/' && getcwd(cwd, sizeof cwd))
			n = snprintf(name, cap, "%s/%s", cwd, o);
		if (n < 0 || (size_t)n >= cap)
			snprintf(name, cap, "%s", o);
	}
}

static int unavailable(struct outcome *out, const struct lang *lang, const char *command)
{
	outcome_fail(out, STATUS_UNAVAILABLE, "InterpreterUnavailable",
		     "%s is not installed: install the Debian package %s "
		     "(sudo apt-get install %s) or set its command in the config file",
		     command, lang->debian_package, lang->debian_package);
	return 0;
}

static int setup_failed(struct outcome *out, const char *what)
{
	outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError", "%s", what);
	return -1;
}

/* A FILE's program is in its working directory under its own name, as when
 * its interpreter runs it where it lives (a program listing or reading its
 * directory finds itself there); sbx runs its own copy. A --file of the
 * same name wins; a name sbx reserves is not copied. */
static int program_copy_in(struct spawn_run *s)
{
	const struct request *req = s->req;
	if (!request_code_is_file(req) || req->code_from_markdown)
		return 0;
	const char *base = strrchr(req->code_origin, '/');
	base = base ? base + 1 : req->code_origin;
	const char *why;
	if (workdir_valid_name(base, &why) < 0)
		return 0;
	for (size_t i = 0; i < req->nfiles; i++)
		if (!strcmp(req->files[i].name, base))
			return 0;
	char name[NAME_MAX + sizeof WORKDIR_CWD + 1];
	snprintf(name, sizeof name, WORKDIR_CWD "/%s", base);
	return workdir_write(&s->wd, name, req->code, req->code_len);
}

/* Runs argv in the sandbox with this run's workdir, stdin and env. */
static int run_step(struct spawn_run *s, const struct request *req, struct outcome *out,
		    const struct output_sink *sink, const char *cwd, char *const *argv, uint64_t as,
		    bool gated)
{
	struct spawn_child child = {s->exe, argv, s->env};
	struct sandbox_plan plan = {
	    .profile = PROFILE_INTERPRETER,
	    .child_main = spawn_child_main,
	    .child_arg = &child,
	    .workdir = cwd,
	    .rundir = s->wd.path,
	    .stdin_fd = s->stdin_fd,
	    .rlimit_as = as,
	    .rlimit_nproc = SPAWN_NPROC,
	    .gated = gated,
	    .ro_dirs = s->ro_dirs,
	};
	return sandbox_run(req, &plan, out, sink);
}

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

/* Compiles the code unless the cache has it; leaves the classes in
 * .sbx/classes. Returns 0 to go on and run, 1 when out is final (compile
 * error, timeout), -1 on a setup failure. */
static int java_compile(struct spawn_run *s, const char *primary, char *const *compile_cmd)
{
	struct request *req = s->req;
	char version[17];
	java_cache_version(version);
	int cfd = openat(s->wd.fd, WORKDIR_PRIVATE "/classes",
			 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (cfd < 0)
		return setup_failed(s->out, "cannot open the classes directory");
	double start = now_monotonic_ms();
	int hit =
	    req->state_dir ? javac_cache_load(req->state_dir, version, req->code_sha256, cfd) : 0;
	if (hit != 1) {
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
			unavailable(s->out, req->lang, cmd);
			return 1;
		}
		char file[NAME_MAX + 1], path[NAME_MAX + 32];
		snprintf(file, sizeof file, "%s.java", primary);
		snprintf(path, sizeof path, WORKDIR_PRIVATE "/src/%s", file);
		if (workdir_mkdir(&s->wd, WORKDIR_PRIVATE "/src") < 0 ||
		    workdir_write(&s->wd, path, s->java_src, s->java_len) < 0 ||
		    workdir_write(&s->wd, WORKDIR_PRIVATE "/src/" JAVA_LAUNCHER ".java",
				  prelude_java_launcher, strlen(prelude_java_launcher)) < 0) {
			close(cfd);
			return setup_failed(s->out, "cannot write the Java sources");
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
		arg(&a, s->exe);
		for (size_t i = 1; compile_cmd && compile_cmd[0] && compile_cmd[i]; i++)
			arg(&a, compile_cmd[i]);
		for (size_t i = 0; javac_flags[i]; i++)
			arg(&a, javac_flags[i]);
		arg(&a, xmx);
		arg(&a, file);
		arg(&a, JAVA_LAUNCHER ".java");
		char cwd[PATH_MAX + 16];
		snprintf(cwd, sizeof cwd, "%s/" WORKDIR_PRIVATE "/src", s->wd.path);

		struct outcome cout;
		outcome_init(&cout, &creq);
		int saved_stdin = s->stdin_fd;
		s->stdin_fd = -1;
		/* No sink: javac's output is shown only on failure, below. */
		int rc = a.overflow ? -1 : run_step(s, &creq, &cout, NULL, cwd, a.v, 0, false);
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
			ret = setup_failed(s->out, "javac could not run in the sandbox");
		} else if (cout.status != STATUS_OK) {
			/* What javac said is what the user needs to see. */
			struct buf all = BUF_INIT;
			buf_puts(&all, buf_cstr(&cout.err.kept));
			buf_puts(&all, buf_cstr(&cout.out.kept));
			output_sink_write(s->sink, 2, all.data ? all.data : "", all.len);
			buf_append(&s->out->err.kept, all.data ? all.data : "", all.len);
			s->out->err.total += all.len;
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
		} else if (req->state_dir) {
			javac_cache_store(req->state_dir, version, req->code_sha256, cfd);
		}
		outcome_release(&cout);
		close(cfd);
		return ret;
	}
	close(cfd);
	if (!s->out->extra)
		s->out->extra = json_object();
	json_object_set_new(
	    s->out->extra, "compile",
	    json_pack("{s:b, s:f}", "cached", 1, "wall_ms", now_monotonic_ms() - start));
	return 0;
}

int engine_spawn_java_cache_path(const char *state_dir, const char *sha, char *out, size_t n)
{
	char version[17];
	java_cache_version(version);
	int len = snprintf(out, n, "%s/cache/java/%s/%s", state_dir, version, sha);
	return len > 0 && (size_t)len < n ? 0 : -1;
}

int engine_spawn_java_restore(const char *state_dir, const char *sha, int classes_fd)
{
	char path[PATH_MAX], version[17];
	struct stat st;
	if (engine_spawn_java_cache_path(state_dir, sha, path, sizeof path) != 0)
		return -1;
	if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return 0; /* already there */
	java_cache_version(version);
	return javac_cache_store(state_dir, version, sha, classes_fd);
}

/* As root, the code runs as a per-run uid that must reach its working
 * directory by path (the JVM and R open files by absolute path), and root's
 * home is 0700. Root's work directories therefore live in a root-owned 0711
 * directory under /tmp: searchable, not listable. /tmp is sticky, so nobody
 * else can replace it once it is ours; one that is not ours (a link, another
 * owner) is refused and the state directory is used. NULL: not root. */
static const char *root_work_base(char *buf, size_t n)
{
	struct stat st;
	if (geteuid() != 0)
		return NULL;
	snprintf(buf, n, "/tmp/sbx-root-work");
	if (mkdir(buf, 0711) != 0 && errno != EEXIST)
		return NULL;
	if (lstat(buf, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != 0)
		return NULL;
	if ((st.st_mode & 07777) != 0711 && chmod(buf, 0711) != 0)
		return NULL;
	return buf;
}

int engine_spawn_run_cmd(struct request *req, struct outcome *out, const struct output_sink *sink,
			 char *const *run_cmd, char *const *compile_cmd)
{
	const struct lang *lang = req->lang;
	const char *cmd = run_cmd && run_cmd[0] ? run_cmd[0] : lang->interpreter;
	struct spawn_run s = {.req = req, .out = out, .sink = sink, .stdin_fd = -1};
	workdir_init(&s.wd);
	if (req->build_only && lang->id != LANG_JAVA) {
		/* Python and R run from source: nothing to build. */
		out->status = STATUS_OK;
		out->exited = true;
		return 0;
	}
	if (engine_spawn_resolve(cmd, NULL, s.exe, sizeof s.exe) < 0)
		return unavailable(out, lang, cmd);
	size_t nro = interp_ro_dirs(s.exe, s.ro, ISOLATE_MAX_EXTRA);
	for (size_t i = 0; i < nro; i++)
		s.ro_dirs[i] = s.ro[i];
	char run_exe[PATH_MAX]; /* s.exe is javac's for a while */
	memcpy(run_exe, s.exe, sizeof run_exe);

	int rc = -1;
	struct argv_builder a = {.v = NULL}; /* before any goto out: freed there */
	char *inputs_json = NULL, *java_wrapped = NULL;
	char base[PATH_MAX];
	const char *wbase = root_work_base(base, sizeof base);
	if (!wbase && req->state_dir) {
		int n = snprintf(base, sizeof base, "%s/work", req->state_dir);
		if (n > 0 && (size_t)n < sizeof base &&
		    (mkdir(req->state_dir, 0700) == 0 || errno == EEXIST))
			wbase = base;
	}
	/* A killed sbx cannot remove its working directory: the next run does. */
	if (wbase)
		workdir_sweep(wbase);
	if (workdir_create(&s.wd, wbase, req->id) < 0 ||
	    workdir_mkdir(&s.wd, WORKDIR_PRIVATE) < 0 ||
	    workdir_mkdir(&s.wd, WORKDIR_PRIVATE "/tmp") < 0) {
		setup_failed(out, "cannot create the working directory");
		goto out;
	}
	/* The inputs: Python and R get them as `inputs` from sbx's own copy;
	 * Java reads inputs.json in its working directory. */
	inputs_json = json_dumps(req->inputs, JSON_COMPACT);
	if (!inputs_json ||
	    workdir_write(&s.wd,
			  lang->id == LANG_JAVA ? WORKDIR_CWD "/" WORKDIR_INPUTS
						: WORKDIR_PRIVATE "/" WORKDIR_INPUTS,
			  inputs_json, strlen(inputs_json)) < 0) {
		setup_failed(out, "cannot write inputs.json");
		goto out;
	}
	if (workdir_copy_in(&s.wd, req->files, req->nfiles, req->limits.files_bytes) < 0) {
		setup_failed(out, "a --file could not be copied in");
		goto out;
	}
	if (program_copy_in(&s) < 0) {
		setup_failed(out, "cannot copy the program into the working directory");
		goto out;
	}
	snprintf(s.code, sizeof s.code, "%s/" WORKDIR_PRIVATE "/code.%s", s.wd.path,
		 lang->id == LANG_R ? "R" : "py");
	snprintf(s.inputs, sizeof s.inputs, "%s/" WORKDIR_PRIVATE "/" WORKDIR_INPUTS, s.wd.path);
	snprintf(s.classes, sizeof s.classes, "%s/" WORKDIR_PRIVATE "/classes", s.wd.path);
	if (req->stdin_path && (s.stdin_fd = progin_open(req->stdin_path)) < 0) {
		setup_failed(out, "the --stdin input cannot be read");
		goto out;
	}
	build_env(&s);

	bool empty_inputs = json_object_size(req->inputs) == 0;
	const char *inputs_arg = empty_inputs ? "-" : s.inputs;
	arg(&a, s.exe);
	for (size_t i = 1; run_cmd && run_cmd[0] && run_cmd[i]; i++)
		arg(&a, run_cmd[i]);
	uint64_t as = req->limits.memory_bytes;
	char primary[1024], xmx[32], srcname[1100], pyname[2 * PATH_MAX];
	size_t n;
	const char *argv0 = NULL;
	switch (lang->id) {
	case LANG_PYTHON:
		if (workdir_write(&s.wd, WORKDIR_PRIVATE "/code.py", req->code, req->code_len) < 0)
			goto setup;
		/* -I: no user site, no PYTHON* variables; -S: see the prelude;
		 * -B: no __pycache__ in the workdir; -u: see python_unbuffered. */
		arg(&a, "-I"), arg(&a, "-S"), arg(&a, "-B");
		if (python_unbuffered(req))
			arg(&a, "-u");
		arg(&a, "-c"), arg(&a, prelude_python);
		arg(&a, s.code), arg(&a, inputs_arg);
		python_names(req, pyname, sizeof pyname, &argv0);
		arg(&a, argv0), arg(&a, pyname);
		break;
	case LANG_R:
		if (workdir_write(&s.wd, WORKDIR_PRIVATE "/code.R", req->code, req->code_len) < 0 ||
		    workdir_write(&s.wd, WORKDIR_PRIVATE "/prelude.R", prelude_r,
				  strlen(prelude_r)) < 0)
			goto setup;
		if (as < R_MIN_AS)
			as = R_MIN_AS;
		/* Rscript's own top-level loop runs the code (see the prelude):
		 * --vanilla but for the init file, which is the prelude. */
		arg(&a, "--no-save"), arg(&a, "--no-restore"), arg(&a, "--no-site-file");
		arg(&a, "--no-environ"), arg(&a, s.code);
		snprintf(s.rprofile, sizeof s.rprofile,
			 "R_PROFILE_USER=%s/" WORKDIR_PRIVATE "/prelude.R", s.wd.path);
		for (n = 0; s.env[n]; n++)
			;
		s.env[n] = s.rprofile;
		s.env[n + 1] = NULL;
		break;
	case LANG_JAVA: {
		if (workdir_mkdir(&s.wd, WORKDIR_PRIVATE "/classes") < 0)
			goto setup;
		/* Bare statements, as models write Java, get a class and a main. */
		size_t wlen = 0;
		java_wrapped = java_wrap(req->code, req->code_len, &wlen);
		s.java_src = java_wrapped ? java_wrapped : req->code;
		s.java_len = java_wrapped ? wlen : req->code_len;
		engine_spawn_java_primary(s.java_src, s.java_len, primary, sizeof primary);
		if (strlen(primary) + strlen(".java") > NAME_MAX) {
			/* javac needs the file named after the public class. */
			outcome_fail(out, STATUS_ERROR, "CompileError",
				     "the public class name is %zu characters long: javac needs a "
				     "file named after it, and file names have at most %d bytes; "
				     "use a shorter name",
				     strlen(primary), NAME_MAX - 5);
			out->exited = true;
			out->exit_code = 1;
			rc = 0;
			goto out;
		}
		int c = java_compile(&s, primary, compile_cmd);
		if (c != 0) {
			rc = c < 0 ? -1 : 0;
			goto out;
		}
		if (req->build_only) {
			/* The classes are in the cache now: that was the build. */
			out->status = STATUS_OK;
			out->exited = true;
			rc = 0;
			goto out;
		}
		/* The heap gets what the JVM's own ~64 MiB leave of the limit;
		 * RLIMIT_AS would break the JVM, which reserves far more address
		 * space than it uses: the cgroup holds the real limit. */
		uint64_t heap = req->limits.memory_bytes > (128ull << 20)
				    ? req->limits.memory_bytes - (64ull << 20)
				    : req->limits.memory_bytes / 2;
		if (heap < JAVA_MIN_HEAP)
			heap = JAVA_MIN_HEAP;
		snprintf(xmx, sizeof xmx, "-Xmx%llum", (unsigned long long)(heap >> 20));
		for (size_t i = 0; jvm_flags[i]; i++)
			arg(&a, jvm_flags[i]);
		arg(&a, xmx);
		/* The launcher writes its report to fd 3 through java.io's
		 * FileDescriptor (see _SbxLaunch_.report). */
		arg(&a, "--add-opens=java.base/java.io=ALL-UNNAMED");
		arg(&a, "-cp"), arg(&a, s.classes);
		arg(&a, JAVA_LAUNCHER), arg(&a, s.classes), arg(&a, primary);
		snprintf(srcname, sizeof srcname, "%s.java", primary);
		arg(&a, srcname);
		as = 0;
		break;
	}
	default: setup_failed(out, "not a spawned language"); goto out;
	}
	/* The program's arguments (after --) follow the prelude's own. */
	for (size_t i = 0; i < req->nargs; i++)
		arg(&a, req->args[i]);
	if (a.overflow) {
		setup_failed(out, "the interpreter command has too many words");
		goto out;
	}
	if (workdir_snapshot(&s.wd) < 0)
		goto setup;
	/* The Python prelude waits on the gate before running user code, so
	 * its interpreter starts while the cgroup is joined (see sandbox.h). */
	rc = run_step(&s, req, out, sink, s.wd.cwd, a.v, as, lang->id == LANG_PYTHON);
	if (rc == 0) {
		/* What really ran, said by sbx after the report (the code
		 * cannot set it). */
		char version[160];
		interp_version(req->state_dir, run_exe, interp_version_flag(lang), version,
			       sizeof version);
		if (!out->extra)
			out->extra = json_object();
		json_object_set_new(out->extra, "interpreter",
				    json_pack("{s:s, s:o}", "path", run_exe, "version",
					      version[0] ? json_string(version) : json_null()));
		json_t *files = NULL;
		workdir_collect(&s.wd, req->out_dir, req->out_dir_dotfiles, req->limits.files_bytes,
				&files);
		json_decref(out->files);
		out->files = files;
	}
	goto out;
setup:
	setup_failed(out, "cannot prepare the working directory");
out:
	if (s.stdin_fd >= 0)
		close(s.stdin_fd);
	free(inputs_json);
	free(java_wrapped);
	free(a.v);
	free(s.env);
	workdir_remove(&s.wd);
	return rc;
}

int engine_spawn_run(struct request *req, struct outcome *out, const struct output_sink *sink)
{
	/* The config file may name other interpreter commands (NULL: the
	 * language table's). */
	return engine_spawn_run_cmd(req, out, sink,
				    config_command(req->config, req->lang->id, CONFIG_TOOL_RUN),
				    config_command(req->config, LANG_JAVA, CONFIG_TOOL_COMPILE));
}
