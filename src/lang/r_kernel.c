/* r_kernel — an R session's kernel: Rscript with the same flags,
 * environment, prelude and sandbox plan as `sbx run -l r`, whose program
 * file is a FIFO the kernel loop (prelude/sbx_kernel.R, run after the
 * prelude as part of R's profile) writes each execution's code into, so
 * Rscript's own top-level loop runs and prints it.
 *
 * The host holds the FIFO open for writing as long as the kernel runs: R
 * opens its program file before anything else and would wait for a writer,
 * and it never sees the end of its program while sbx holds it. The FIFO is
 * made as large as Linux lets a user make a pipe (a statement must fit in
 * it: the kernel writes it, then its own loop reads it back).
 *
 * May call: sandbox, engine_spawn's shared pieces, interp, util, libc.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/config.h"
#include "engine/kernel_kit.h"
#include "lang/lang_int.h"
#include "prelude_r.h"
#include "prelude_r_kernel.h"
#include "sandbox/rundir.h"
#include "util/util.h"

#define KERNEL_FIFO_BYTES   (1 << 20) /* Linux's default pipe-max-size */
#define KERNEL_FIFO_NAME    "console.fifo"
#define KERNEL_PROFILE_NAME "prelude.R"
/* In the kernel's TMPDIR: the kernel writes the statements into it too,
 * and the host holds its fd from before the code runs. */
#define KERNEL_FIFO    WORKDIR_PRIVATE "/" RUNDIR_TMP "/" KERNEL_FIFO_NAME
#define KERNEL_PROFILE WORKDIR_PRIVATE "/" KERNEL_PROFILE_NAME

/* The prelude, then the kernel loop, as R's profile file. */
static int write_profile(struct workdir *wd)
{
	size_t lp = strlen(prelude_r), lk = strlen(prelude_r_kernel);
	char *src = xmalloc(lp + lk + 2);
	memcpy(src, prelude_r, lp);
	src[lp] = '\n';
	memcpy(src + lp + 1, prelude_r_kernel, lk + 1);
	/* Through sbx's own directory's fd, replacing the last kernel's. */
	int rc = rundir_write(wd->priv_fd, KERNEL_PROFILE_NAME, src, lp + lk + 1, 0644);
	if (rc < 0)
		error("cannot write %s/" KERNEL_PROFILE ": %s", wd->path, strerror(errno));
	free(src);
	return rc;
}

/* Makes the FIFO afresh and opens it for the host; its size in *bytes. */
static int open_fifo(struct workdir *wd, int *bytes)
{
	int dir = rundir_open_beneath(wd->priv_fd, RUNDIR_TMP);
	if (dir < 0)
		return error("cannot open %s/" WORKDIR_PRIVATE "/" RUNDIR_TMP ": %s", wd->path,
			     strerror(errno));
	unlinkat(dir, KERNEL_FIFO_NAME, 0);
	/* Its owner becomes the kernel's uid with the directory's (as root:
	 * isolate_prepare). */
	if (mkfifoat(dir, KERNEL_FIFO_NAME, 0600) < 0) {
		close(dir);
		return error("cannot make %s/" KERNEL_FIFO ": %s", wd->path, strerror(errno));
	}
	/* O_RDWR: a FIFO's open for writing alone waits for a reader. */
	int fd = openat(dir, KERNEL_FIFO_NAME, O_RDWR | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW);
	close(dir);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISFIFO(st.st_mode)) {
		if (fd >= 0)
			close(fd);
		return error("cannot open %s/" KERNEL_FIFO ": %s", wd->path, strerror(errno));
	}
	int n = fcntl(fd, F_SETPIPE_SZ, KERNEL_FIFO_BYTES);
	*bytes = n > 0 ? n : fcntl(fd, F_GETPIPE_SZ);
	if (*bytes <= 0)
		*bytes = 65536;
	return fd;
}

int r_kernel_run(struct request *req, struct outcome *out, const struct output_sink *sink,
		 const struct kernel_start *ks)
{
	char *const *cmd = config_command(req->config, req->lang->id, CONFIG_TOOL_RUN);
	const char *exe_name = cmd && cmd[0] ? cmd[0] : req->lang->interpreter;
	struct spawn_run s = {.req = req, .out = out, .sink = sink, .stdin_fd = ks->ctl_fd};
	struct workdir *wd = &s.wd;
	workdir_init(wd);
	struct argv_builder a = {.v = NULL};
	char fifo_path[PATH_MAX + 32], fifo_env[64];
	int fifo = -1, fifo_bytes = 0, rc = -1;
	if (engine_kernel_prepare(&s, ks, exe_name) < 0)
		goto out;
	if (write_profile(wd) < 0 || (fifo = open_fifo(wd, &fifo_bytes)) < 0) {
		engine_spawn_setup_failed(out, "cannot prepare the session's directory");
		goto out;
	}
	engine_spawn_env(&s);
	snprintf(fifo_path, sizeof fifo_path, "%s/" KERNEL_FIFO, wd->path);
	snprintf(s.rprofile, sizeof s.rprofile, "R_PROFILE_USER=%s/" KERNEL_PROFILE, wd->path);
	snprintf(fifo_env, sizeof fifo_env, "SBX_KERNEL_FIFO_BYTES=%d", fifo_bytes);
	/* engine_spawn_env leaves room for R's profile and the NULL: the
	 * kernel's two variables take the place of --env's, which a session
	 * does not have (they are per execution). */
	size_t n = 0;
	while (s.env[n])
		n++;
	char **env = xcalloc(n + 4, sizeof *env);
	memcpy(env, s.env, n * sizeof *env);
	env[n++] = s.rprofile;
	env[n++] = "SBX_KERNEL=1";
	env[n++] = fifo_env;
	free(s.env);
	s.env = env;

	engine_spawn_arg(&a, s.exe);
	for (size_t i = 1; cmd && cmd[0] && cmd[i]; i++)
		engine_spawn_arg(&a, cmd[i]);
	/* As the one-shot run: --vanilla but for the init file (the prelude). */
	engine_spawn_arg(&a, "--no-save"), engine_spawn_arg(&a, "--no-restore");
	engine_spawn_arg(&a, "--no-site-file"), engine_spawn_arg(&a, "--no-environ");
	engine_spawn_arg(&a, fifo_path);
	uint64_t as = r_rlimit_as(req->limits.memory_bytes); /* as the one-shot run's */
	rc = engine_kernel_start(&s, &a, ks, as, true);	     /* gated, as the one-shot R run */
out:
	if (fifo >= 0)
		close(fifo);
	free(a.v);
	free(s.env);
	engine_kernel_close_rundir(wd);
	return rc;
}
