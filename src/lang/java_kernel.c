/* java_kernel — a Java session's kernel: the JVM with the same
 * flags, heap and sandbox plan as `sbx run -l java`, running
 * prelude/SbxKernel.java through the JDK's source launcher: one JShell
 * (the jdk.jshell API, executing in this JVM) evaluates every execution.
 * The kernel is compiled in memory at each start (about a second): no
 * class file of sbx's lies where the code could change it.
 *
 * May call: sandbox, engine_spawn's shared pieces, interp, util, libc.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/config.h"
#include "engine/kernel_kit.h"
#include "lang/lang_int.h"
#include "prelude_java_kernel.h"
#include "sandbox/rundir.h"
#include "util/util.h"

#define JAVA_MIN_HEAP	   (64ull << 20) /* JShell and its compiler need this much */
#define KERNEL_SOURCE_NAME "SbxKernel.java"
#define KERNEL_SOURCE	   WORKDIR_PRIVATE "/" KERNEL_SOURCE_NAME

int java_kernel_run(struct request *req, struct outcome *out, const struct output_sink *sink,
		    const struct kernel_start *ks)
{
	char *const *cmd = config_command(req->config, req->lang->id, CONFIG_TOOL_RUN);
	const char *exe_name = cmd && cmd[0] ? cmd[0] : req->lang->interpreter;
	struct spawn_run s = {.req = req, .out = out, .sink = sink, .stdin_fd = ks->ctl_fd};
	struct workdir *wd = &s.wd;
	workdir_init(wd);
	struct argv_builder a = {.v = NULL};
	char src[PATH_MAX + 32];
	int rc = -1;
	if (engine_kernel_prepare(&s, ks, exe_name) < 0)
		goto out;
	/* Through sbx's own directory's fd, replacing the last kernel's. */
	if (rundir_write(wd->priv_fd, KERNEL_SOURCE_NAME, prelude_java_kernel,
			 strlen(prelude_java_kernel), 0644) < 0) {
		engine_spawn_setup_failed(out, "cannot write the session's kernel");
		goto out;
	}
	engine_spawn_env(&s);
	snprintf(src, sizeof src, "%s/" KERNEL_SOURCE, wd->path);
	/* The heap as the one-shot run's: what the JVM's own ~64 MiB leave. */
	uint64_t heap = req->limits.memory_bytes > (128ull << 20)
			    ? req->limits.memory_bytes - (64ull << 20)
			    : req->limits.memory_bytes / 2;
	if (heap < JAVA_MIN_HEAP)
		heap = JAVA_MIN_HEAP;
	snprintf(s.java_xmx, sizeof s.java_xmx, "-Xmx%llum", (unsigned long long)(heap >> 20));
	engine_spawn_arg(&a, s.exe);
	for (size_t i = 1; cmd && cmd[0] && cmd[i]; i++)
		engine_spawn_arg(&a, cmd[i]);
	for (size_t i = 0; java_jvm_flags[i]; i++)
		engine_spawn_arg(&a, java_jvm_flags[i]);
	engine_spawn_arg(&a, s.java_xmx);
	engine_spawn_arg(&a, src);
	/* rlimit_as 0 as the one-shot run: the cgroup holds the limit. */
	rc = engine_kernel_start(&s, &a, ks, 0, false);
out:
	free(a.v);
	free(s.env);
	engine_kernel_close_rundir(wd);
	return rc;
}
