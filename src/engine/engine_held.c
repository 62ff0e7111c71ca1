/* engine_held — a held exec: the warm sandbox of a language without a
 * prelude (bash, the compiled ones; lang.warm_start without
 * lang_ops.spawn_gated). Its process is started with every layer in force
 * (work dir, cgroup, namespaces, mounts, Landlock, rlimits, seccomp) and
 * waits on the sandbox's gate, before any execve, for its request. Once
 * sbx serve's pool hands it one (run/warm_run.c's hold), the supervisor
 * calls held_words here: the backend's spawn_args, the very call a cold
 * run makes, puts the request's files in place (bash's long code, the
 * compiled program from the build cache) and says the argv; those words
 * go down the gate and the child execs exactly them. So output, $0,
 * messages, exit codes and the record are those of a cold run.
 *
 * Why nothing of the request runs before its exec: until then the child is
 * sbx's own code, alone in its sandbox (in its pid namespace, with only the
 * init beside it), and its words come from the gate's pipe, whose write end
 * only the supervisor holds; there is no file the code could plant or
 * change first. The sandbox serves this one request and is destroyed.
 *
 * The message: the program's path, then its argv, each word ended by a
 * NUL byte; the end of the pipe ends it.
 *
 * May call: sandbox, lang ops, util, libc.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/spawn_kit.h"
#include "sandbox/sandbox.h"
#include "util/profile.h"
#include "util/util.h"

/* The longest message: bash's code as one argv word (its 128 KiB cap, a
 * longer one runs from a file) and a few paths. */
#define HELD_MSG_MAX   (192u * 1024)
#define HELD_WORDS_MAX 64 /* a fitting request has no program arguments */

bool engine_held_wanted(const struct request *req)
{
	return req->lang->warm_start && !lang_ops(req->lang)->spawn_gated && sandbox_hold_pending();
}

static _Noreturn void held_fail(const char *why)
{
	char msg[256];
	int n = snprintf(msg, sizeof msg, "sbx: the warm sandbox could not start its program: %s\n",
			 why);
	if (n > 0)
		(void)!write(STDERR_FILENO, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg);
	_exit(127);
}

/* In the sandbox, after every layer is in force (after fork: no allocation,
 * the buffers are static). */
void engine_held_child_main(void *p)
{
	const struct spawn_child *c = p;
	static char msg[HELD_MSG_MAX];
	static char *words[HELD_WORDS_MAX + 1];
	size_t len = 0;
	for (;;) {
		ssize_t n = read(SANDBOX_GATE_FD, msg + len, sizeof msg - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			held_fail("the gate could not be read");
		if (n == 0)
			break;
		len += (size_t)n;
		if (len == sizeof msg)
			held_fail("its command line is too long");
	}
	close(SANDBOX_GATE_FD); /* a cold run's program has no fd 4 either */
	if (len == 0)
		_exit(125); /* the end without words: not to run */
	if (msg[len - 1] != '\0')
		held_fail("its command line is cut");
	size_t n = 0;
	for (size_t at = 0; at < len; at += strlen(msg + at) + 1) {
		if (n == HELD_WORDS_MAX)
			held_fail("its command line has too many words");
		words[n++] = msg + at;
	}
	words[n] = NULL;
	if (n < 2)
		held_fail("its command line is empty");
	/* words[0]: the program's path; then its argv. */
	profile_mark("held: words read, exec");
	execve(words[0], words + 1, c->envp);
	char text[300];
	snprintf(text, sizeof text, "cannot start %.200s: %s", words[0], strerror(errno));
	held_fail(text);
}

/* The RLIMIT_AS the sandbox gets before its code is known: the one
 * spawn_args would give any request of the language. */
static uint64_t held_rlimit_as(const struct request *req)
{
	return lang_ops(req->lang)->no_rlimit_as ? 0 : req->limits.memory_bytes;
}

struct held {
	struct spawn_run *s;
	struct argv_builder *a;
	const char *inputs_arg;
	char *const *compile_cmd;
};

/* The supervisor's held_exec (sandbox.h): the request is the run's now. */
static bool held_words(void *ctx, struct buf *msg)
{
	struct held *h = ctx;
	struct spawn_run *s = h->s;
	const struct request *req = s->req;
	uint64_t as = req->limits.memory_bytes;
	int c = lang_ops(req->lang)->spawn_args(s, h->a, h->inputs_arg, h->compile_cmd, &as);
	if (c == 0 && as != held_rlimit_as(req)) {
		/* In force already: a program that wants another one runs cold. */
		engine_spawn_setup_failed(s->out, "the warm sandbox's address-space limit is not "
						  "the program's (lang_ops.no_rlimit_as)");
		return false;
	}
	if (c != 0) {
		if (c > 0) /* a build only or a compile: never a fitting request's */
			engine_spawn_setup_failed(s->out, "the warm sandbox cannot build");
		return false;
	}
	for (size_t i = 0; i < req->nargs; i++)
		engine_spawn_arg(h->a, req->args[i]);
	if (h->a->overflow || !h->a->v) {
		engine_spawn_setup_failed(s->out, "the program's command has too many words");
		return false;
	}
	bool ok = buf_append(msg, s->exe, strlen(s->exe) + 1);
	for (size_t i = 0; i < h->a->n; i++)
		ok = ok && buf_append(msg, h->a->v[i], strlen(h->a->v[i]) + 1);
	if (!ok || msg->len >= HELD_MSG_MAX) {
		engine_spawn_setup_failed(s->out, "the program's command line is too long");
		return false;
	}
	return true;
}

int engine_held_step(struct spawn_run *s, struct argv_builder *a, const char *inputs_arg,
		     char *const *compile_cmd, const char *cwd)
{
	s->held = true;
	struct held h = {s, a, inputs_arg, compile_cmd};
	struct spawn_child child = {s->exe, NULL, s->env};
	struct sandbox_plan plan = {
	    .profile = PROFILE_INTERPRETER,
	    .child_main = engine_held_child_main,
	    .child_arg = &child,
	    .workdir = cwd,
	    .rundir = s->wd.path,
	    .stdin_fd = s->stdin_fd,
	    .rlimit_as = held_rlimit_as(s->req),
	    .rlimit_nproc = SPAWN_NPROC,
	    .gated = true,
	    .ro_dirs = s->ro_dirs,
	    .held_exec = held_words,
	    .held_exec_ctx = &h,
	};
	return sandbox_run(s->req, &plan, s->out, s->sink);
}
