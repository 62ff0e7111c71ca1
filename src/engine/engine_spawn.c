/* engine_spawn — python, java and R: a private working directory, a wrapper
 * (src/engine/prelude/) that turns the program's end into the report on fd 3, and an
 * execve of the real interpreter inside the sandbox.
 *
 * This file owns a run's sequence (work directory, inputs, environment,
 * the interpreter's command line, the sandboxed step, the files collected);
 * Java's compile step and command line are engine_spawn_java.c's, finding
 * the binary engine_spawn_resolve.c's. The code's output goes to the sink
 * the caller gives (output_sink.h).
 *
 * May call: sandbox, workdir, interp, progin, config, outcome, util, libc.
 */
#include "core/config.h"
#include "engine/engine.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/engine_spawn_int.h"
#include "engine/interp.h"
#include "engine/py_prelude_cache.h"
#include "sandbox/isolate.h"
#include "sandbox/progin.h"
#include "prelude_python.h"
#include "prelude_r.h"
#include "sandbox/sandbox.h"
#include "util/profile.h"
#include "util/util.h"
#include "sandbox/workdir.h"

#define SPAWN_NPROC 256 /* backstop only: cgroup pids.max is the real cap */

/* R's graphics (the png device sbx opens for rich results: cairo, pango,
 * fontconfig) map libraries and fonts and start threads whose stacks are
 * address space, not memory: a plot took R to 250 MiB of address space
 * under the default 256 MiB limit, and a little less left crashed it
 * (GLib-ERROR "creating thread '[pango] FcInit'", or a segfault that R
 * reports as a C stack overflow: at -m 170M every time, at the default now
 * and then under load). So RLIMIT_AS is the limit plus R_AS_EXTRA: the
 * cgroup's memory limit, where there is one, is the wall, as for node. */
#define R_AS_EXTRA (256ull << 20)

uint64_t engine_spawn_r_as(uint64_t memory_bytes)
{
	return memory_bytes ? memory_bytes + R_AS_EXTRA : 0;
}

void engine_spawn_arg(struct argv_builder *a, const char *s)
{
	if (a->n >= SPAWN_MAX_ARGS) {
		a->overflow = true;
		return;
	}
	a->v = xrealloc(a->v, (a->n + 2) * sizeof(*a->v));
	a->v[a->n++] = (char *)s;
	a->v[a->n] = NULL;
}

/* In the sandbox, after every layer is in force. */
void engine_spawn_child_main(void *p)
{
	const struct spawn_child *c = p;
	execve(c->exe, c->argv, c->envp);
	char msg[PATH_MAX + 64];
	int n = snprintf(msg, sizeof msg, "sbx: cannot start %s: %s\n", c->exe, strerror(errno));
	if (n > 0)
		(void)!write(STDERR_FILENO, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg);
	_exit(127);
}

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
void engine_spawn_env(struct spawn_run *s)
{
	snprintf(s->home, sizeof s->home, "HOME=%s", s->wd.cwd);
	const struct request *req = s->req;
	size_t n = 0;
	/* sbx's own (at most 9), R's profile or node's 4, and the NULL. */
	s->env = xcalloc(16 + req->nenv, sizeof(*s->env));
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
	/* The rich results' share of the output limit (core/results.h): the
	 * prelude leaves out what passes it, and unsets the variable before
	 * the code runs. */
	if (req->lang->id != LANG_JAVA) {
		snprintf(s->results_max, sizeof s->results_max, "SBX_RESULTS_MAX=%llu",
			 (unsigned long long)req->limits.output_bytes);
		s->env[n++] = s->results_max;
	}
	/* --env: names checked by request_add_env (none of the above). */
	for (size_t i = 0; i < req->nenv; i++)
		s->env[n++] = req->env[i];
	s->env[n] = NULL;
}

/* sys.argv[0] and the file name in tracebacks and __file__, as python3
 * gives them: "-c" and "<string>" for -e or Markdown, "-" and "<stdin>" for
 * standard input, and for a FILE its name as given and its absolute path
 * (python3 makes it absolute by joining the working directory, and keeps
 * "." and ".." as given). */
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
		*argv0 = o;
		request_code_path(req, name, cap);
	}
}

int engine_spawn_unavailable(struct outcome *out, const struct lang *lang, const char *command)
{
	outcome_fail(out, STATUS_UNAVAILABLE, "InterpreterUnavailable",
		     "%s is not installed: install the Debian package %s "
		     "(sudo apt-get install %s) or set its command in the config file",
		     command, lang->debian_package, lang->debian_package);
	return 0;
}

int engine_spawn_setup_failed(struct outcome *out, const char *what)
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
int engine_spawn_step(struct spawn_run *s, const struct request *req, struct outcome *out,
		      const struct output_sink *sink, const char *cwd, char *const *argv,
		      uint64_t as, bool gated)
{
	struct spawn_child child = {s->exe, argv, s->env};
	struct sandbox_plan plan = {
	    .profile = PROFILE_INTERPRETER,
	    .child_main = engine_spawn_child_main,
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
	bool node = request_uses_node(req);
	workdir_init(&s.wd);
	if (req->build_only && lang->id != LANG_JAVA && !node) {
		/* Python and R run from source: nothing to build. */
		out->status = STATUS_OK;
		out->exited = true;
		return 0;
	}
	if (engine_spawn_resolve(cmd, NULL, s.exe, sizeof s.exe) < 0)
		return engine_spawn_unavailable(out, lang, cmd);
	size_t nro = interp_ro_dirs(s.exe, s.ro, ISOLATE_MAX_EXTRA);
	for (size_t i = 0; i < nro; i++)
		s.ro_dirs[i] = s.ro[i];
	profile_mark("interpreter resolved");
	char run_exe[PATH_MAX]; /* s.exe is javac's for a while */
	memcpy(run_exe, s.exe, sizeof run_exe);

	int rc = -1;
	struct argv_builder a = {.v = NULL}; /* before any goto out: freed there */
	char *inputs_json = NULL;
	char base[PATH_MAX];
	char pyc[PATH_MAX]; /* the Python prelude's code object, when there is one */
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
	profile_mark("work dir sweep");
	if (workdir_create(&s.wd, wbase, req->id) < 0 ||
	    workdir_mkdir(&s.wd, WORKDIR_PRIVATE) < 0 ||
	    workdir_mkdir(&s.wd, WORKDIR_PRIVATE "/tmp") < 0) {
		engine_spawn_setup_failed(out, "cannot create the working directory");
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
		engine_spawn_setup_failed(out, "cannot write inputs.json");
		goto out;
	}
	if (workdir_copy_in(&s.wd, req->files, req->nfiles, req->limits.files_bytes) < 0) {
		engine_spawn_setup_failed(out, "a --file could not be copied in");
		goto out;
	}
	if (program_copy_in(&s) < 0) {
		engine_spawn_setup_failed(out,
					  "cannot copy the program into the working directory");
		goto out;
	}
	snprintf(s.code, sizeof s.code, "%s/" WORKDIR_PRIVATE "/code.%s", s.wd.path,
		 lang->id == LANG_R ? "R" : "py");
	snprintf(s.inputs, sizeof s.inputs, "%s/" WORKDIR_PRIVATE "/" WORKDIR_INPUTS, s.wd.path);
	snprintf(s.classes, sizeof s.classes, "%s/" WORKDIR_PRIVATE "/classes", s.wd.path);
	if (req->stdin_path && (s.stdin_fd = progin_open(req->stdin_path)) < 0) {
		engine_spawn_setup_failed(out, "the --stdin input cannot be read");
		goto out;
	}
	engine_spawn_env(&s);

	bool empty_inputs = json_object_size(req->inputs) == 0;
	const char *inputs_arg = empty_inputs ? "-" : s.inputs;
	engine_spawn_arg(&a, s.exe);
	for (size_t i = 1; run_cmd && run_cmd[0] && run_cmd[i]; i++)
		engine_spawn_arg(&a, run_cmd[i]);
	uint64_t as = req->limits.memory_bytes;
	char pyname[2 * PATH_MAX];
	size_t n;
	const char *argv0 = NULL;
	switch (lang->id) {
	case LANG_PYTHON:
		if (workdir_write(&s.wd, WORKDIR_PRIVATE "/code.py", req->code, req->code_len) < 0)
			goto setup;
		/* -I: no user site, no PYTHON* variables; -S: see the prelude;
		 * -B: no __pycache__ in the workdir; -u: see python_unbuffered. */
		engine_spawn_arg(&a, "-I"), engine_spawn_arg(&a, "-S"), engine_spawn_arg(&a, "-B");
		if (python_unbuffered(req))
			engine_spawn_arg(&a, "-u");
		/* The prelude compiled once (a .pyc run as the script), else
		 * its source (-c). */
		snprintf(pyc, sizeof pyc, "%s/" WORKDIR_PRIVATE "/" PY_PRELUDE_CODE, s.wd.path);
		if (py_prelude_cache_put(req->state_dir, s.exe, prelude_python,
					 strlen(prelude_python), &s.wd,
					 WORKDIR_PRIVATE "/" PY_PRELUDE_CODE) == 0)
			engine_spawn_arg(&a, pyc);
		else
			engine_spawn_arg(&a, "-c"), engine_spawn_arg(&a, prelude_python);
		engine_spawn_arg(&a, s.code), engine_spawn_arg(&a, inputs_arg);
		python_names(req, pyname, sizeof pyname, &argv0);
		engine_spawn_arg(&a, argv0), engine_spawn_arg(&a, pyname);
		break;
	case LANG_R:
		if (workdir_write(&s.wd, WORKDIR_PRIVATE "/code.R", req->code, req->code_len) < 0 ||
		    workdir_write(&s.wd, WORKDIR_PRIVATE "/prelude.R", prelude_r,
				  strlen(prelude_r)) < 0)
			goto setup;
		as = engine_spawn_r_as(as);
		/* Rscript's own top-level loop runs the code (see the prelude):
		 * --vanilla but for the init file, which is the prelude. */
		engine_spawn_arg(&a, "--no-save"), engine_spawn_arg(&a, "--no-restore"),
		    engine_spawn_arg(&a, "--no-site-file");
		engine_spawn_arg(&a, "--no-environ"), engine_spawn_arg(&a, s.code);
		snprintf(s.rprofile, sizeof s.rprofile,
			 "R_PROFILE_USER=%s/" WORKDIR_PRIVATE "/prelude.R", s.wd.path);
		for (n = 0; s.env[n]; n++)
			;
		s.env[n] = s.rprofile;
		s.env[n + 1] = NULL;
		break;
	case LANG_JAVASCRIPT:
	case LANG_TYPESCRIPT: {
		int c = engine_spawn_node_args(&s, &a, inputs_arg);
		if (c != 0) {
			rc = c < 0 ? -1 : 0;
			goto out;
		}
		/* V8 reserves more than it uses: the cgroup is the wall */
		as = engine_spawn_node_as(req->limits.memory_bytes);
		break;
	}
	case LANG_JAVA: {
		int c = engine_spawn_java_args(&s, &a, compile_cmd);
		if (c != 0) {
			rc = c < 0 ? -1 : 0;
			goto out;
		}
		as = 0;
		break;
	}
	default: engine_spawn_setup_failed(out, "not a spawned language"); goto out;
	}
	/* The program's arguments (after --) follow the prelude's own. */
	for (size_t i = 0; i < req->nargs; i++)
		engine_spawn_arg(&a, req->args[i]);
	if (a.overflow) {
		engine_spawn_setup_failed(out, "the interpreter command has too many words");
		goto out;
	}
	if (workdir_snapshot(&s.wd) < 0)
		goto setup;
	profile_mark("work dir");
	/* The Python and R preludes wait on the gate before running user
	 * code, so their interpreter starts while the cgroup is joined (see
	 * sandbox.h). */
	rc = engine_spawn_step(&s, req, out, sink, s.wd.cwd, a.v, as,
			       lang->id == LANG_PYTHON || lang->id == LANG_R || node);
	if (rc == 0 && node)
		engine_spawn_node_finish(&s);
	if (rc == 0) {
		/* What really ran, said by sbx after the report (the code
		 * cannot set it). */
		char version[160];
		interp_version(req->state_dir, run_exe, interp_version_flag(lang), version,
			       sizeof version);
		profile_mark("interpreter version");
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
		profile_mark("collection");
	}
	goto out;
setup:
	engine_spawn_setup_failed(out, "cannot prepare the working directory");
out:
	if (s.stdin_fd >= 0)
		close(s.stdin_fd);
	free(inputs_json);
	free(s.java_wrapped);
	free(a.v);
	free(s.env);
	js_lower_release(&s.node_lower);
	workdir_remove(&s.wd);
	profile_mark("work dir removed");
	return rc;
}

int engine_spawn_run(struct request *req, struct outcome *out, const struct output_sink *sink)
{
	/* The config file may name other interpreter commands (NULL: the
	 * language table's). */
	enum lang_id id = req->lang->id;
	return engine_spawn_run_cmd(req, out, sink,
				    request_uses_node(req)
					? config_node_command(req->config, id)
					: config_command(req->config, id, CONFIG_TOOL_RUN),
				    config_command(req->config, LANG_JAVA, CONFIG_TOOL_COMPILE));
}
