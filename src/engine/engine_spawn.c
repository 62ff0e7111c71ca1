/* engine_spawn — python, java and R: a private working directory, a wrapper
 * (src/engine/prelude/) that turns the program's end into the report on fd 3, and an
 * execve of the real interpreter inside the sandbox.
 *
 * This file owns a run's sequence (work directory, inputs, environment,
 * the interpreter's command line, the sandboxed step, the files collected);
 * each language's files and command line are its backend's (src/lang/,
 * lang_ops.spawn_args), finding the binary engine_spawn_resolve.c's. The code's output goes to the
 * sink the caller gives (output_sink.h).
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

#include "engine/spawn_kit.h"
#include "engine/interp.h"
#include "sandbox/cgroup.h"
#include "sandbox/isolate.h"
#include "sandbox/progin.h"
#include "sandbox/sandbox.h"
#include "util/profile.h"
#include "util/util.h"
#include "sandbox/workdir.h"

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
	if (lang_ops(req->lang)->rich_results) {
		snprintf(s->results_max, sizeof s->results_max, "SBX_RESULTS_MAX=%llu",
			 (unsigned long long)req->limits.output_bytes);
		s->env[n++] = s->results_max;
	}
	/* --env: names checked by request_add_env (none of the above). */
	for (size_t i = 0; i < req->nenv; i++)
		s->env[n++] = req->env[i];
	s->env[n] = NULL;
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
bool engine_spawn_program_in_cwd(const struct request *req, const char **basep)
{
	if (!request_code_is_file(req) || req->code_from_markdown)
		return false;
	const char *base = strrchr(req->code_origin, '/');
	base = base ? base + 1 : req->code_origin;
	const char *why;
	if (workdir_valid_name(base, &why) < 0)
		return false;
	for (size_t i = 0; i < req->nfiles; i++)
		if (!strcmp(req->files[i].name, base))
			return false;
	*basep = base;
	return true;
}

static int program_copy_in(struct spawn_run *s)
{
	const char *base;
	if (!engine_spawn_program_in_cwd(s->req, &base))
		return 0;
	const struct request *req = s->req;
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

void engine_sweep_leftovers(const char *state_dir)
{
	char base[PATH_MAX];
	const char *wbase = root_work_base(base, sizeof base);
	if (!wbase && state_dir) {
		int n = snprintf(base, sizeof base, "%s/work", state_dir);
		wbase = n > 0 && (size_t)n < sizeof base ? base : NULL;
	}
	if (wbase)
		workdir_sweep(wbase);
	cgroup_sweep();
}

int engine_spawn_run_cmd(struct request *req, struct outcome *out, const struct output_sink *sink,
			 char *const *run_cmd, char *const *compile_cmd)
{
	const struct lang *lang = req->lang;
	const char *cmd = run_cmd && run_cmd[0] ? run_cmd[0] : lang->interpreter;
	struct spawn_run s = {.req = req, .out = out, .sink = sink, .stdin_fd = -1};
	const struct lang_ops *ops = lang_ops(lang);
	workdir_init(&s.wd);
	if (!ops->spawn_args) /* the table's users send only spawned languages here */
		return engine_spawn_setup_failed(out, "not a spawned language");
	if (req->build_only && !ops->builds) {
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
	 * Java reads inputs.json in its working directory (ops->inputs_in_cwd). */
	inputs_json = json_dumps(req->inputs, JSON_COMPACT);
	if (!inputs_json || workdir_write(&s.wd,
					  ops->inputs_in_cwd ? WORKDIR_CWD "/" WORKDIR_INPUTS
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
	/* A held exec's words come once its request does (engine_held.c). */
	bool held = engine_held_wanted(req);
	int c = held ? 0 : ops->spawn_args(&s, &a, inputs_arg, compile_cmd, &as);
	if (c != 0) {
		rc = c < 0 ? -1 : 0;
		goto out;
	}
	/* The program's arguments (after --) follow the prelude's own. */
	for (size_t i = 0; !held && i < req->nargs; i++)
		engine_spawn_arg(&a, req->args[i]);
	if (a.overflow) {
		engine_spawn_setup_failed(out, "the interpreter command has too many words");
		goto out;
	}
	if (workdir_snapshot(&s.wd) < 0)
		goto setup;
	profile_mark("work dir");
	/* The Python and R preludes and Java's launcher wait on the gate
	 * before running user code, so their interpreter starts while the
	 * cgroup is joined (see sandbox.h). */
	if (held)
		rc = engine_held_step(&s, &a, inputs_arg, compile_cmd, s.wd.cwd);
	else
		rc = engine_spawn_step(&s, req, out, sink, s.wd.cwd, a.v, as, ops->spawn_gated);
	if (rc == 0 && ops->spawn_finish)
		ops->spawn_finish(&s);
	if (rc == 0) {
		/* What really ran, said by sbx after the report (the code
		 * cannot set it). */
		char version[160];
		interp_version(req->state_dir, run_exe, lang->version_flag, version,
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
	free(s.word_owned);
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
				    config_command(req->config, id, CONFIG_TOOL_COMPILE));
}
