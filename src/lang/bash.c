/* bash — shell commands: bash --noprofile --norc under the interpreters'
 * sandbox (the same layers as Python: the read-only system, the run's
 * working directory, no network). No prelude: a script has no value, its
 * exit status is its outcome, and `bash -n` is its syntax check.
 *
 * A FILE runs as `bash FILE` runs it, from its copy in the working
 * directory under its own name ($0 and bash's own messages, "x.sh: line
 * 3: ...", name it; a FILE given as dir/x.sh shows x.sh). A snippet (-e,
 * stdin, Markdown) runs as `bash -c CODE` runs it: $0 is "bash", messages
 * say "bash: line 3:" and an expansion error exits 127, as natively. Code
 * too long for one argv word (128 KiB) or holding a NUL byte runs from its
 * file in sbx's private directory instead (its $0 is then that path).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/request.h"
#include "lang/lang_int.h"
#include "sandbox/workdir.h"

#define ARG_MAX_WORD (128u * 1024 - 1) /* Linux's MAX_ARG_STRLEN, its NUL aside */

static int bash_spawn_args(struct spawn_run *s, struct argv_builder *a, const char *inputs_arg,
			   char *const *compile_cmd, uint64_t *as)
{
	(void)inputs_arg, (void)compile_cmd, (void)as;
	const struct request *req = s->req;
	/* No profile, no rc file: nothing of /etc or HOME runs first. */
	engine_spawn_arg(a, "--noprofile"), engine_spawn_arg(a, "--norc");
	if (req->build_only)
		engine_spawn_arg(a, "-n"); /* parse only: the syntax check */
	const char *base;
	if (engine_spawn_program_in_cwd(req, &base)) {
		engine_spawn_arg(a, base); /* relative: bash runs in the working directory */
		return 0;
	}
	if (req->code_len <= ARG_MAX_WORD && !memchr(req->code, '\0', req->code_len)) {
		/* The code as one word: a NUL-terminated copy the run frees. */
		char *code = s->word_owned = malloc(req->code_len + 1);
		if (!code)
			return engine_spawn_setup_failed(s->out, "out of memory");
		memcpy(code, req->code, req->code_len);
		code[req->code_len] = '\0';
		engine_spawn_arg(a, "-c"), engine_spawn_arg(a, code), engine_spawn_arg(a, "bash");
		return 0;
	}
	snprintf(s->code, sizeof s->code, "%s/" WORKDIR_PRIVATE "/code.sh", s->wd.path);
	if (workdir_write(&s->wd, WORKDIR_PRIVATE "/code.sh", req->code, req->code_len) < 0)
		return engine_spawn_setup_failed(s->out, "cannot prepare the working directory");
	engine_spawn_arg(a, s->code);
	return 0;
}

/* "bash: line 3: syntax error near unexpected token `fi'" (or "NAME: line
 * 3: ...") → {name SyntaxError, message, line}: bash -n's report. */
static void bash_spawn_finish(struct spawn_run *s)
{
	struct outcome *out = s->out;
	if (!s->req->build_only || out->error || !out->exited || out->exit_code == 0)
		return;
	const struct buf *err = &out->err.kept;
	const char *text = err->data ? err->data : "";
	const char *at = strstr(text, ": line ");
	int line = 0;
	if (at)
		line = atoi(at + 7);
	const char *msg = at ? strchr(at + 7, ':') : NULL;
	msg = msg ? msg + 1 : text;
	while (*msg == ' ')
		msg++;
	size_t n = strcspn(msg, "\n");
	out->error = json_pack("{s:s, s:s%, s:o, s:n}", "name", "SyntaxError", "message", msg, n,
			       "line", line > 0 ? json_integer(line) : json_null(), "column");
}

static const char *bash_checker_name(const struct request *req)
{
	(void)req;
	return "bash -n";
}

const struct lang_ops lang_bash = {
    .spawn_args = bash_spawn_args,
    .spawn_finish = bash_spawn_finish,
    .builds = true, /* bash -n */
    /* In a session (a workspace), each command is a fresh bash -c in
     * its working directory: nothing but the files is kept. */
    .kernel_run = bash_kernel_run,
    .checker_name = bash_checker_name,
    .print_result_snippet = PRINT_RESULT_NEVER,
};
