/* python_kernel — a Python session's kernel: python3 with the same flags,
 * environment and sandbox plan as `sbx run -l python`, running the
 * prelude unchanged and then the kernel loop (prelude/sbx_kernel.py), so
 * every execution goes through the prelude's own compile, traceback and
 * result code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "engine/kernel_kit.h"
#include "lang/lang_int.h"
#include "prelude_python.h"
#include "prelude_python_kernel.h"
#include "util/util.h"

int python_kernel_run(struct request *req, struct outcome *out, const struct output_sink *sink,
		      const struct kernel_start *ks)
{
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
