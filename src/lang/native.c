/* native — the build and run of a compiled language (C, C++, Go): the
 * compiler as a sandboxed step of its own under the run's limits (it
 * parses untrusted code: a compile bomb ends as a limit), its binary kept
 * in the build cache by the code's SHA-256 (engine/build_cache.c), then
 * the binary run under the interpreters' layers, as `./prog` runs after
 * `gcc prog.c -o prog` or `go build`.
 *
 * May call: engine's spawn kit, build cache and interp, workdir, outcome,
 * util, libc.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "core/config.h"
#include "engine/build_cache.h"
#include "engine/interp.h"
#include "lang/lang_int.h"
#include "util/buf.h"
#include "util/jsonout.h"
#include "util/util.h"

/* The compiler runs under the run's limits, but never below these: cc1plus
 * needs room for the standard library's headers. */
#define COMPILE_MIN_TIMEOUT_MS 10000u
#define COMPILE_MIN_MEMORY     (512ull << 20)
/* The compiler's warnings of a build that succeeded, kept beside the binary
 * so a cached build shows them too, as a compile would print them. */
#define BUILD_NOTES "build-notes.txt"
/* The binary's file in the build: one name whatever the source's, so a
 * deployment's build runs under any name its run gives the source. */
#define BINARY "a.out"
/* Where a build happens (a FILE in the working directory, a snippet in
 * .sbx/src): Go's binaries name their sources' paths, so a change of it
 * is a new cache namespace. */
#define NATIVE_LAYOUT "layout 2"

/* The source's name: the FILE's own (the compiler's messages and __FILE__
 * name it, as natively), else the toolchain's default. */
static const char *source_name(const struct request *req, const struct native_toolchain *tc)
{
	const char *base;
	return engine_spawn_program_in_cwd(req, &base) ? base : tc->default_source;
}

/* Whether the build can see files the key does not name: a FILE is
 * compiled in the working directory, where the run's --file copies are. */
static bool cache_blind(const struct request *req)
{
	const char *base;
	return req->nfiles > 0 && engine_spawn_program_in_cwd(req, &base);
}

/* The cache entry of req's code: the code and its file name (in __FILE__
 * and the compiler's messages). */
static void cache_key(const struct request *req, const char *src, char key[65])
{
	struct buf k = BUF_INIT;
	buf_printf(&k, "%s\n%s", req->code_sha256, src);
	sha256_hex(k.data, k.len, key);
	buf_release(&k);
}

/* The program's name: the source's without its extension ("prog" for
 * prog.c, as `gcc prog.c -o prog`). */
static void program_name(const char *src, char *out, size_t cap)
{
	snprintf(out, cap, "%s", src);
	char *dot = strrchr(out, '.');
	if (dot && dot != out)
		*dot = '\0';
}

/* The cache's namespace: the toolchain's words and the compiler's identity
 * and version, so another compiler or flags never give a stale binary. */
static void cache_version(const struct request *req, const char *exe,
			  const struct native_toolchain *tc, char *const *extra, char out[17])
{
	struct buf b = BUF_INIT;
	char version[160] = "";
	interp_version(req->state_dir, exe, req->lang->version_flag, version, sizeof version);
	buf_printf(&b, "%s\n%s\n%s\n%s\n", NATIVE_LAYOUT, tc->kind, exe, version);
	for (size_t i = 0; tc->flags[i]; i++)
		buf_printf(&b, "%s\n", tc->flags[i]);
	for (size_t i = 0; extra && extra[i]; i++)
		buf_printf(&b, "+%s\n", extra[i]);
	for (size_t i = 0; tc->libs && tc->libs[i]; i++)
		buf_printf(&b, "-%s\n", tc->libs[i]);
	char hex[65];
	sha256_hex(b.data, b.len, hex);
	buf_release(&b);
	memcpy(out, hex, 16);
	out[16] = '\0';
}

/* First "SRC:LINE:COL: [fatal ]error: MESSAGE" (gcc, g++) or
 * "./SRC:LINE:COL: MESSAGE" (go) of the compiler's output. */
static void compile_error(const char *text, const char *src, struct outcome *out)
{
	long line = -1, column = -1;
	char msg[512] = "compilation failed";
	size_t n = strlen(src);
	for (const char *p = text; (p = strstr(p, src)); p += n) {
		if (p[n] != ':' || (p > text && p[-1] != '\n' && p[-1] != '/'))
			continue;
		char *end;
		long l = strtol(p + n + 1, &end, 10);
		if (end == p + n + 1 || *end != ':')
			continue;
		long c = strtol(end + 1, &end, 10);
		const char *m = *end == ':' ? end + 1 : NULL;
		if (!m)
			continue;
		while (*m == ' ')
			m++;
		if (!strncmp(m, "warning:", 8) || !strncmp(m, "note:", 5))
			continue;
		if (!strncmp(m, "fatal error: ", 13))
			m += 13;
		else if (!strncmp(m, "error: ", 7))
			m += 7;
		size_t k = strcspn(m, "\n");
		snprintf(msg, sizeof msg, "%.*s", (int)(k < 500 ? k : 500), m);
		line = l, column = c;
		break;
	}
	outcome_fail(out, STATUS_ERROR, "CompileError", "%s", msg);
	json_object_set_new(out->error, "line", line > 0 ? json_integer(line) : json_null());
	json_object_set_new(out->error, "column", column > 0 ? json_integer(column) : json_null());
	json_object_set_new(out->error, "traceback", json_string_utf8_lossy(text, strlen(text)));
	out->exited = true;
	out->exit_code = 1;
}

/* The compiler's environment: the run's, and for go its caches in the
 * run's own temporary directory, no cgo (no C compiler behind it), no
 * module downloads. Returns a NULL-terminated array (free() it). */
static char **compile_env(struct spawn_run *s, const struct native_toolchain *tc,
			  char vars[][PATH_MAX + 32])
{
	size_t n = 0;
	while (s->env[n])
		n++;
	char **env = xcalloc(n + 8, sizeof *env);
	memcpy(env, s->env, n * sizeof *env);
	if (tc->go) {
		snprintf(vars[0], PATH_MAX + 32, "GOCACHE=%s/" WORKDIR_PRIVATE "/tmp/gocache",
			 s->wd.path);
		snprintf(vars[1], PATH_MAX + 32, "GOPATH=%s/" WORKDIR_PRIVATE "/tmp/gopath",
			 s->wd.path);
		env[n++] = vars[0], env[n++] = vars[1];
		env[n++] = "GO111MODULE=off";
		env[n++] = "CGO_ENABLED=0";
		env[n++] = "GOFLAGS=";
		env[n++] = "GOTOOLCHAIN=local";
	}
	return env;
}

/* Compiles src into WORKDIR_PRIVATE/bin/BINARY. Returns 0 to go on, 1 when
 * s->out is final (a compile error or limit), -1 on a setup failure. */
static int compile(struct spawn_run *s, const struct native_toolchain *tc, char *const *extra,
		   const char *src, int bfd)
{
	struct request *req = s->req;
	/* A FILE is compiled where it is, its copy in the working directory,
	 * as `gcc prog.c` is where prog.c lives (Go's traces and __FILE__
	 * name it there); a snippet from sbx's own directory. */
	const char *base;
	bool in_cwd = engine_spawn_program_in_cwd(req, &base);
	char cwd[PATH_MAX + 16];
	if (in_cwd) {
		snprintf(cwd, sizeof cwd, "%s", s->wd.cwd);
	} else {
		char path[NAME_MAX + 32];
		snprintf(path, sizeof path, WORKDIR_PRIVATE "/src/%s", src);
		if (workdir_mkdir(&s->wd, WORKDIR_PRIVATE "/src") < 0 ||
		    workdir_write(&s->wd, path, req->code, req->code_len) < 0)
			return engine_spawn_setup_failed(s->out, "cannot write the source");
		snprintf(cwd, sizeof cwd, "%s/" WORKDIR_PRIVATE "/src", s->wd.path);
	}
	struct request creq = *req;
	creq.format = FORMAT_JSON;
	creq.limits.timeout_ms = req->limits.timeout_ms > COMPILE_MIN_TIMEOUT_MS
				     ? req->limits.timeout_ms
				     : COMPILE_MIN_TIMEOUT_MS;
	creq.limits.cpu_ms = request_cpu_ms(req) > COMPILE_MIN_TIMEOUT_MS ? request_cpu_ms(req)
									  : COMPILE_MIN_TIMEOUT_MS;
	creq.limits.memory_bytes = req->limits.memory_bytes > COMPILE_MIN_MEMORY
				       ? req->limits.memory_bytes
				       : COMPILE_MIN_MEMORY;
	char out_path[PATH_MAX + 32];
	snprintf(out_path, sizeof out_path, "%s/" WORKDIR_PRIVATE "/bin/" BINARY, s->wd.path);
	struct argv_builder a = {.v = NULL};
	engine_spawn_arg(&a, s->exe);
	if (tc->go)
		engine_spawn_arg(&a, "build");
	for (size_t i = 0; tc->flags[i]; i++)
		engine_spawn_arg(&a, tc->flags[i]);
	for (size_t i = 0; extra && extra[i]; i++)
		engine_spawn_arg(&a, extra[i]);
	engine_spawn_arg(&a, "-o"), engine_spawn_arg(&a, out_path);
	engine_spawn_arg(&a, src);
	for (size_t i = 0; tc->libs && tc->libs[i]; i++)
		engine_spawn_arg(&a, tc->libs[i]);
	char vars[2][PATH_MAX + 32];
	char **env = compile_env(s, tc, vars), **run_env = s->env;
	s->env = env;
	double start = now_monotonic_ms();
	struct outcome cout;
	outcome_init(&cout, &creq);
	int saved_stdin = s->stdin_fd;
	s->stdin_fd = -1;
	/* No sink: the compiler's output is shown below, once. RLIMIT_AS: the
	 * memory limit (the cgroup's, where there is one, is the wall). */
	int rc = a.overflow ? -1
			    : engine_spawn_step(s, &creq, &cout, NULL, cwd, a.v,
						tc->go ? 0 : creq.limits.memory_bytes, false);
	s->stdin_fd = saved_stdin;
	s->env = run_env;
	free(env);
	free(a.v);
	if (!s->out->extra)
		s->out->extra = json_object();
	json_object_set_new(s->out->extra, "compile",
			    json_pack("{s:b, s:f, s:{s:I, s:I, s:I}}", "cached", 0, "wall_ms",
				      now_monotonic_ms() - start, "limits", "timeout_ms",
				      (json_int_t)creq.limits.timeout_ms, "cpu_ms",
				      (json_int_t)creq.limits.cpu_ms, "memory_kb",
				      (json_int_t)(creq.limits.memory_bytes >> 10)));
	struct buf all = BUF_INIT;
	buf_puts(&all, buf_cstr(&cout.err.kept));
	buf_puts(&all, buf_cstr(&cout.out.kept));
	int ret = 0;
	if (rc < 0 || cout.status == STATUS_SANDBOX_ERROR) {
		ret =
		    engine_spawn_setup_failed(s->out, "the compiler could not run in the sandbox");
	} else if (cout.status != STATUS_OK) {
		/* What the compiler said is what the user needs to see. */
		build_output_show(s, all.data, all.len);
		if (cout.status == STATUS_ERROR) {
			compile_error(buf_cstr(&all), src, s->out);
			if (cout.exited) /* the compiler's own status: go build's is 2 */
				s->out->exit_code = cout.exit_code;
		} else
			outcome_fail(s->out, cout.status, "CompileError",
				     "%s: %s (the compiler runs under the run's --timeout and "
				     "--memory, at least %us and %lluM)",
				     req->lang->interpreter,
				     json_string_value(json_object_get(cout.error, "message")),
				     COMPILE_MIN_TIMEOUT_MS / 1000,
				     (unsigned long long)(COMPILE_MIN_MEMORY >> 20));
		ret = 1;
	} else {
		build_notes_keep(bfd, BUILD_NOTES, all.data, all.len);
	}
	buf_release(&all);
	outcome_release(&cout);
	return ret;
}

int native_spawn_args(struct spawn_run *s, struct argv_builder *a,
		      const struct native_toolchain *tc, uint64_t *as)
{
	struct request *req = s->req;
	(void)as; /* the memory limit: a native program's address space is its memory */
	/* The configured command's words after the compiler (a->v[1..]) are
	 * the compiler's: kept for it, then argv starts afresh. */
	char **extra = xcalloc(a->n + 1, sizeof *extra);
	for (size_t i = 1; i < a->n; i++)
		extra[i - 1] = a->v[i];
	const char *src = source_name(req, tc);
	char prog[NAME_MAX + 1];
	program_name(src, prog, sizeof prog);
	if (workdir_mkdir(&s->wd, WORKDIR_PRIVATE "/bin") < 0) {
		free(extra);
		return engine_spawn_setup_failed(s->out, "cannot prepare the working directory");
	}
	int bfd = openat(s->wd.fd, WORKDIR_PRIVATE "/bin",
			 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (bfd < 0) {
		free(extra);
		return engine_spawn_setup_failed(s->out, "cannot open the build directory");
	}
	char version[17], key[65];
	cache_version(req, s->exe, tc, extra, version);
	cache_key(req, src, key);
	/* A FILE compiled beside --file copies may include or embed them,
	 * which the key does not name: such a build is neither taken from the
	 * cache nor put in it (another run's copies would be baked in). */
	bool cacheable = req->state_dir && !cache_blind(req);
	int hit = cacheable ? build_cache_load(req->state_dir, tc->kind, version, key, bfd) : 0;
	/* A deployment's copy may have lost its mode: sbx made it, it runs. */
	if (hit == 1) {
		int pfd = openat(bfd, BINARY, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
		if (pfd >= 0 && fchmod(pfd, 0755) < 0)
			warning("cannot make the cached binary executable: %s", strerror(errno));
		if (pfd >= 0)
			close(pfd);
	}
	int rc = 0;
	if (hit != 1 && s->held) {
		/* A warm sandbox takes only a cached program (run/warm_run.c);
		 * this one left the cache since. */
		rc = engine_spawn_setup_failed(s->out,
					       "the program's build left the cache before its warm "
					       "sandbox ran it: run it again (it compiles cold)");
	} else if (hit != 1) {
		rc = compile(s, tc, extra, src, bfd);
		if (rc == 0 && cacheable)
			build_cache_store(req->state_dir, tc->kind, version, key, bfd);
	} else {
		if (!s->out->extra)
			s->out->extra = json_object();
		json_object_set_new(s->out->extra, "compile", json_pack("{s:b}", "cached", 1));
	}
	free(extra);
	if (rc != 0) {
		close(bfd);
		return rc;
	}
	build_notes_show(s, bfd, BUILD_NOTES);
	close(bfd);
	if (req->build_only) {
		/* The binary is in the cache now: that was the build. */
		s->out->status = STATUS_OK;
		s->out->exited = true;
		return 1;
	}
	/* The binary runs as ./prog in the working directory. */
	snprintf(s->exe, sizeof s->exe, "%s/" WORKDIR_PRIVATE "/bin/" BINARY, s->wd.path);
	snprintf(s->word[0], sizeof s->word[0], "./%s", prog);
	a->n = 0;
	engine_spawn_arg(a, s->word[0]);
	return 0;
}

void native_transforms(const struct request *req, json_t *a)
{
	json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s}", "kind", "compile", "from",
					   req->lang->name, "to", "a native binary", "reason",
					   "the compiler builds the program before it runs"));
}

/* The compiler a run of req uses (the config's command, else the table's)
 * and the configured words after it; 0, or -1 when it is not installed. */
static int toolchain_of(const struct request *req, char exe[PATH_MAX], char *const **extra)
{
	char *const *cmd = config_command(req->config, req->lang->id, CONFIG_TOOL_RUN);
	*extra = cmd && cmd[0] ? cmd + 1 : NULL;
	return engine_spawn_resolve(cmd && cmd[0] ? cmd[0] : req->lang->interpreter, NULL, exe,
				    PATH_MAX);
}

int native_artefacts_path(const struct request *req, const struct native_toolchain *tc, char *out,
			  size_t n)
{
	char exe[PATH_MAX], version[17], key[65];
	char *const *extra;
	if (!req->state_dir || cache_blind(req))
		return 1; /* not cached: a deployment with files compiles when it runs */
	if (toolchain_of(req, exe, &extra) < 0)
		return -1;
	cache_version(req, exe, tc, extra, version);
	cache_key(req, source_name(req, tc), key);
	int len = snprintf(out, n, "%s/cache/%s/%s/%s", req->state_dir, tc->kind, version, key);
	return len > 0 && (size_t)len < n ? 0 : -1;
}

int native_artefacts_restore(const struct request *req, const struct native_toolchain *tc,
			     int dir_fd)
{
	char path[PATH_MAX], exe[PATH_MAX], version[17], key[65];
	char *const *extra;
	struct stat st;
	if (native_artefacts_path(req, tc, path, sizeof path) != 0)
		return -1;
	if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return 0; /* already there */
	if (toolchain_of(req, exe, &extra) < 0)
		return -1;
	cache_version(req, exe, tc, extra, version);
	cache_key(req, source_name(req, tc), key);
	return build_cache_store(req->state_dir, tc->kind, version, key, dir_fd);
}
