/* engine_kernel — a session's interpreter under the one-shot run's sandbox
 * (see engine_kernel.h): the steps every language's kernel shares; each
 * language's own start is its backend's kernel_run (src/lang/).
 *
 * May call: sandbox, engine_spawn's shared pieces, interp, util, libc.
 */
#include "engine/engine_kernel.h"
#include "engine/kernel_kit.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/config.h"
#include "core/lang.h"
#include "engine/spawn_kit.h"
#include "engine/interp.h"
#include "sandbox/rundir.h"
#include "sandbox/sandbox.h"
#include "util/util.h"

#define KERNEL_NPROC 256 /* as engine_spawn's: cgroup pids.max is the real cap */

bool engine_kernel_supported(const struct lang *lang)
{
	return lang && lang_ops(lang)->kernel_run;
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

/* The interpreters' sandbox plan for a session's kernel. */
static int start_plan(struct spawn_run *s, sandbox_child_fn child_main, void *arg,
		      const struct kernel_start *ks, uint64_t rlimit_as, bool gated)
{
	struct sandbox_plan plan = {
	    .profile = PROFILE_INTERPRETER,
	    .child_main = child_main,
	    .child_arg = arg,
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
	    .uid_of = ks->uid_of,
	    .cgroup_parent = ks->cgroup_parent,
	};
	return sandbox_run(s->req, &plan, s->out, s->sink);
}

int engine_kernel_start(struct spawn_run *s, const struct argv_builder *a,
			const struct kernel_start *ks, uint64_t rlimit_as, bool gated)
{
	if (a->overflow)
		return engine_spawn_setup_failed(s->out,
						 "the interpreter command has too many words");
	struct spawn_child child = {s->exe, a->v, s->env};
	return start_plan(s, engine_spawn_child_main, &child, ks, rlimit_as, gated);
}

int engine_kernel_start_main(struct spawn_run *s, sandbox_child_fn child_main, void *arg,
			     const struct kernel_start *ks, uint64_t rlimit_as)
{
	return start_plan(s, child_main, arg, ks, rlimit_as, false);
}

int engine_kernel_run(struct request *req, struct outcome *out, const struct output_sink *sink,
		      const struct kernel_start *ks)
{
	if (!engine_kernel_supported(req->lang)) {
		outcome_fail(out, STATUS_SANDBOX_ERROR, "SandboxError",
			     "sessions do not support %s yet", req->lang->name);
		return -1;
	}
	return lang_ops(req->lang)->kernel_run(req, out, sink, ks);
}
