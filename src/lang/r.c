/* r — R's backend: Rscript running the code through its own top-level
 * loop with sbx's prelude as R's profile (src/engine/prelude/sbx_prelude.R),
 * its session kernel (r_kernel.c), and the syntax check (parse(), and
 * system.file for the packages the code loads).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/request.h"
#include "lang/lang_int.h"
#include "prelude_r.h"
#include "sandbox/workdir.h"

/* The code's file, beside the prelude (lang_ops.code_file). */
#define R_CODE_FILE "code.R"

/* R's graphics (the png device sbx opens for rich results: cairo, pango,
 * fontconfig) map libraries and fonts and start threads whose stacks are
 * address space, not memory: a plot took R to 250 MiB of address space
 * under the default 256 MiB limit, and a little less left crashed it
 * (GLib-ERROR "creating thread '[pango] FcInit'", or a segfault that R
 * reports as a C stack overflow: at -m 170M every time, at the default now
 * and then under load). So RLIMIT_AS is the limit plus R_AS_EXTRA: the
 * cgroup's memory limit, where there is one, is the wall, as for node. */
#define R_AS_EXTRA (256ull << 20)

uint64_t r_rlimit_as(uint64_t memory_bytes)
{
	return memory_bytes ? memory_bytes + R_AS_EXTRA : 0;
}

static int r_spawn_args(struct spawn_run *s, struct argv_builder *a, const char *inputs_arg,
			char *const *compile_cmd, uint64_t *as)
{
	(void)inputs_arg, (void)compile_cmd;
	const struct request *req = s->req;
	snprintf(s->code, sizeof s->code, "%s/" WORKDIR_PRIVATE "/" R_CODE_FILE, s->wd.path);
	if (workdir_write(&s->wd, WORKDIR_PRIVATE "/" R_CODE_FILE, req->code, req->code_len) < 0 ||
	    workdir_write(&s->wd, WORKDIR_PRIVATE "/prelude.R", prelude_r, strlen(prelude_r)) < 0)
		return engine_spawn_setup_failed(s->out, "cannot prepare the working directory");
	*as = r_rlimit_as(*as);
	/* Rscript's own top-level loop runs the code (see the prelude):
	 * --vanilla but for the init file, which is the prelude. */
	engine_spawn_arg(a, "--no-save"), engine_spawn_arg(a, "--no-restore"),
	    engine_spawn_arg(a, "--no-site-file");
	engine_spawn_arg(a, "--no-environ"), engine_spawn_arg(a, s->code);
	snprintf(s->rprofile, sizeof s->rprofile, "R_PROFILE_USER=%s/" WORKDIR_PRIVATE "/prelude.R",
		 s->wd.path);
	size_t n;
	for (n = 0; s->env[n]; n++)
		;
	s->env[n] = s->rprofile;
	s->env[n + 1] = NULL;
	return 0;
}

static const char checker_r[] =
    "local({\n"
    "  pkgs <- as.character(unlist(inputs$modules))\n"
    "  err <- tryCatch({ parse(text = inputs$code, keep.source = FALSE); NULL },\n"
    "                  error = function(e) conditionMessage(e))\n"
    "  avail <- lapply(pkgs, function(p) nzchar(system.file(package = p)))\n"
    "  names(avail) <- pkgs\n"
    "  list(syntax = err, available = avail)\n"
    "})\n";

static const char *r_checker_name(const struct request *req)
{
	(void)req;
	return "R parse()";
}

/* "<text>:2:3: unexpected symbol" → line 2, column 3. */
static json_t *r_parse_error(const char *msg)
{
	int line = 0, col = 0;
	const char *p = strstr(msg, "<text>:");
	if (p && sscanf(p, "<text>:%d:%d:", &line, &col) == 2)
		return json_pack("{s:s, s:s, s:i, s:i}", "name", "SyntaxError", "message", msg,
				 "line", line, "column", col);
	return json_pack("{s:s, s:s, s:n, s:n}", "name", "SyntaxError", "message", msg, "line",
			 "column");
}

const struct lang_ops lang_r = {
    .spawn_args = r_spawn_args,
    .spawn_gated = true,
    .code_file = R_CODE_FILE,
    .rich_results = true,
    .kernel_run = r_kernel_run,
    .checker_source = checker_r,
    .checker_name = r_checker_name,
    .checker_error = r_parse_error,
    .print_result_snippet = PRINT_RESULT_FORMS,
};
