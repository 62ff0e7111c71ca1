/* engine_kernel — a session's interpreter under the one-shot run's sandbox
 * (see engine_kernel.h). Python: python3 with the same flags and prelude
 * as `sbx run`, followed by the kernel loop (prelude/sbx_kernel.py).
 *
 * May call: sandbox, engine_spawn's shared pieces, interp, util, libc.
 */
#include "engine/engine_kernel.h"
#include "engine/engine_kernel_int.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/config.h"
#include "engine/engine_duktape_int.h"
#include "engine/engine_spawn_int.h"
#include "engine/interp.h"
#include "prelude_python.h"
#include "prelude_python_kernel.h"
#include "sandbox/rundir.h"
#include "sandbox/sandbox.h"
#include "util/util.h"

#define KERNEL_NPROC 256 /* as engine_spawn's: cgroup pids.max is the real cap */

bool engine_kernel_supported(const struct lang *lang)
{
	return lang && (lang->id == LANG_PYTHON || lang->id == LANG_R || lang->id == LANG_JAVA ||
			lang->engine == ENGINE_DUKTAPE);
}

/* The run directory is the session's: made on the first start, reused
 * after (the working directory and the saved state live there), and
 * reached only through the fds rundir_open checks. */
static int open_rundir(struct workdir *wd, const char *path)
{
	if (rundir_open(wd, path) < 0)
		return -1;
	/* The prelude opens a program file: the kernel's is empty. */
	if (rundir_write(wd->priv_fd, "empty.py", "", 0, 0644) < 0)
		return error("cannot write %s/" WORKDIR_PRIVATE "/empty.py: %s", path,
			     strerror(errno));
	return 0;
}

void engine_kernel_close_rundir(struct workdir *wd)
{
	rundir_close(wd);
}

int engine_kernel_prepare(struct spawn_run *s, const struct kernel_start *ks, const char *exe_name)
{
	if (engine_spawn_resolve(exe_name, NULL, s->exe, sizeof s->exe) < 0) {
		engine_spawn_unavailable(s->out, s->req->lang, exe_name);
		return -1;
	}
	size_t nro = interp_ro_dirs(s->exe, s->ro, ISOLATE_MAX_EXTRA);
	for (size_t i = 0; i < nro; i++)
		s->ro_dirs[i] = s->ro[i];
	if (open_rundir(&s->wd, ks->rundir) < 0) {
		engine_spawn_setup_failed(s->out, "cannot prepare the session's directory");
		return -1;
	}
	return 0;
}

int engine_kernel_start(struct spawn_run *s, const struct argv_builder *a,
			const struct kernel_start *ks, uint64_t rlimit_as, bool gated)
{
	if (a->overflow)
		return engine_spawn_setup_failed(s->out,
						 "the interpreter command has too many words");
	struct spawn_child child = {s->exe, a->v, s->env};
	struct sandbox_plan plan = {
	    .profile = PROFILE_INTERPRETER,
	    .child_main = engine_spawn_child_main,
	    .child_arg = &child,
	    .workdir = s->wd.cwd,
	    .rundir = s->wd.path,
	    .rw_dirs = RUNDIR_WRITABLE,
	    .stdin_fd = ks->ctl_fd,
	    .rlimit_as = rlimit_as,
	    .rlimit_nproc = KERNEL_NPROC,
	    .gated = gated,
	    .ro_dirs = s->ro_dirs,
	    .stream_only = true,
	    .on_start = ks->on_start,
	    .on_start_ctx = ks->ctx,
	};
	return sandbox_run(s->req, &plan, s->out, s->sink);
}

int engine_kernel_run(struct request *req, struct outcome *out, const struct output_sink *sink,
		      const struct kernel_start *ks)
{
	if (!engine_kernel_supported(req->lang)) {
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError",
			     "sessions do not support %s yet", req->lang->name);
		return -1;
	}
	if (req->lang->id == LANG_R)
		return engine_kernel_run_r(req, out, sink, ks);
	if (req->lang->id == LANG_JAVA)
		return engine_kernel_run_java(req, out, sink, ks);
	if (req->lang->engine == ENGINE_DUKTAPE) /* JavaScript, TypeScript */
		return engine_duktape_kernel_run(req, out, sink, ks);
	char *const *cmd = config_command(req->config, req->lang->id, CONFIG_TOOL_RUN);
	const char *exe_name = cmd && cmd[0] ? cmd[0] : req->lang->interpreter;
	struct spawn_run s = {.req = req, .out = out, .sink = sink, .stdin_fd = ks->ctl_fd};
	struct workdir *wd = &s.wd;
	workdir_init(wd);
	struct argv_builder a = {.v = NULL};
	char *src = NULL;
	int rc = -1;
	if (engine_kernel_prepare(&s, ks, exe_name) < 0)
		goto out;
	engine_spawn_env(&s);
	snprintf(s.code, sizeof s.code, "%s/" WORKDIR_PRIVATE "/empty.py", wd->path);

	/* The prelude, unchanged, then the kernel loop: every execution runs
	 * through the prelude's own compile, traceback and result code. */
	static const char head[] = "_SBX_KERNEL = True\n";
	size_t lp = strlen(prelude_python), lk = strlen(prelude_python_kernel);
	src = xmalloc(sizeof head + lp + lk + 2);
	memcpy(src, head, sizeof head - 1);
	memcpy(src + sizeof head - 1, prelude_python, lp);
	src[sizeof head - 1 + lp] = '\n';
	memcpy(src + sizeof head + lp, prelude_python_kernel, lk + 1);

	engine_spawn_arg(&a, s.exe);
	for (size_t i = 1; cmd && cmd[0] && cmd[i]; i++)
		engine_spawn_arg(&a, cmd[i]);
	/* As `sbx run --json`: -u, so output streams as it is written. */
	engine_spawn_arg(&a, "-I"), engine_spawn_arg(&a, "-S"), engine_spawn_arg(&a, "-B");
	engine_spawn_arg(&a, "-u"), engine_spawn_arg(&a, "-c"), engine_spawn_arg(&a, src);
	engine_spawn_arg(&a, s.code), engine_spawn_arg(&a, "-");
	engine_spawn_arg(&a, "-c"), engine_spawn_arg(&a, "<string>");
	rc = engine_kernel_start(&s, &a, ks, req->limits.memory_bytes, true);
out:
	free(src);
	free(a.v);
	free(s.env);
	engine_kernel_close_rundir(wd);
	return rc;
}
