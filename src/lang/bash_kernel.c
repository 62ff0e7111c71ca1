/* bash_kernel — shell commands in a session's workspace. The kernel is a
 * small loop of sbx's own, in the interpreters' sandbox (the same plan,
 * layers, seccomp profile, cgroup and rlimits as `sbx run -l bash`), that
 * runs each execution as a fresh `bash --noprofile --norc -c CODE bash
 * ARGS...` and waits for it. Besides the workspace's files, a command
 * keeps what a terminal's shell would keep for the next one: its working
 * directory and its exported variables (bash_shell_state.c; README
 * "Workspaces"); shell variables that are not exported, functions,
 * aliases and options are not kept.
 *
 * A FILE runs as `bash FILE` from its copy in the working directory, as
 * `sbx run x.sh` runs it ($0 and bash's messages name it).
 *
 * It speaks the kernels' protocol (prelude/sbx_kernel.py) on fd 0: in,
 * {"state", "token", "fresh"} once, then {"seq", "code", "stdin", "env",
 * "args", "program"};
 * out, {"ready", "restored"}, then {"start"}, {"done", "exit_code",
 * "interrupted"} after the token on stdout and stderr, and {"saved"}. The
 * daemon's SIGINT (a limit) goes on to the command's processes (the run's
 * process group, as a terminal's ^C); one that does not stop is killed
 * with the kernel, which the next command restarts from the saved state.
 */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/config.h"
#include "engine/kernel_kit.h"
#include "lang/lang_int.h"
#include "util/util.h"

#define LINE_MAX_BYTES (64u << 20) /* one frame from the daemon */
#define ENV_MAX	       4096	   /* variables of one command */
#define ARG_MAX_WORD   (128u * 1024 - 1)

struct bash_kernel {
	const char *exe;
	char *const *env; /* sbx's variables (engine_spawn_env) */
	const char *tmpdir;
	uint64_t rlimit_as; /* each command's, as `sbx run -l bash` has it */
	char workdir[PATH_MAX];
	char init[PATH_MAX + 32]; /* the BASH_ENV file that sets the EXIT trap */
	char dump[PATH_MAX + 32]; /* what the trap writes */
	char state[PATH_MAX + 32];
	struct bash_shell_state shell;
	json_t *pending_saved; /* sent after "done" */
};

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* One line from fd 0 (the daemon's): NULL at EOF or past the bound. */
static json_t *read_frame(struct buf *in)
{
	for (;;) {
		char *nl = in->len ? memchr(in->data, '\n', in->len) : NULL;
		if (nl) {
			size_t n = (size_t)(nl - in->data);
			json_t *j = json_loadb(in->data, n, 0, NULL);
			memmove(in->data, nl + 1, in->len - n - 1);
			in->len -= n + 1;
			return j;
		}
		char chunk[65536];
		ssize_t got = read(0, chunk, sizeof chunk);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0 || !buf_append(in, chunk, (size_t)got))
			return NULL;
	}
}

static void send_frame(json_t *j)
{
	char *s = json_dumps(j, JSON_COMPACT);
	if (s) {
		(void)write_all(0, s, strlen(s));
		(void)write_all(0, "\n", 1);
	}
	free(s);
	json_decref(j);
}

/* The token on both streams: everything before it is the execution's. */
static void mark(const char *token)
{
	(void)write_all(1, token, strlen(token));
	(void)write_all(2, token, strlen(token));
}

/* The command's environment: sbx's, then what the shell exported in the
 * earlier commands, then the execution's --env (each replaces a variable
 * of the same name), BASH_ENV when the command's shell is the session's
 * (keeps); room for PWD after it (the child's).
 * *own: where the entries this allocated start. */
static char **command_env(const struct bash_kernel *bk, json_t *env, bool keeps, size_t *own)
{
	size_t n = 0;
	while (bk->env[n])
		n++;
	const struct bash_shell_state *sh = &bk->shell;
	char **v = xcalloc(n + sh->nvars + json_object_size(env) + 3, sizeof *v);
	size_t k = 0;
	char name[256];
	for (size_t i = 0; i < n; i++) {
		const char *eq = strchr(bk->env[i], '=');
		size_t len = eq ? (size_t)(eq - bk->env[i]) : strlen(bk->env[i]);
		snprintf(name, sizeof name, "%.*s", (int)len, bk->env[i]);
		if (!json_object_get(env, name) && !bash_shell_state_var(sh, bk->env[i], len) &&
		    strcmp(name, "PWD") && strcmp(name, "BASH_ENV"))
			v[k++] = bk->env[i];
	}
	for (size_t i = 0; i < sh->nvars; i++) {
		size_t len = strcspn(sh->vars[i], "=");
		snprintf(name, sizeof name, "%.*s", (int)len, sh->vars[i]);
		if (!json_object_get(env, name))
			v[k++] = sh->vars[i];
	}
	*own = k;
	const char *key;
	json_t *val;
	json_object_foreach(env, key, val)
	{
		if (k < ENV_MAX && json_is_string(val) && strcmp(key, "BASH_ENV")) {
			size_t len = strlen(key) + json_string_length(val) + 2;
			v[k] = xmalloc(len);
			snprintf(v[k++], len, "%s=%s", key, json_string_value(val));
		}
	}
	if (keeps && bk->init[0]) {
		size_t len = strlen(bk->init) + sizeof "BASH_ENV=";
		v[k] = xmalloc(len);
		snprintf(v[k++], len, "BASH_ENV=%s", bk->init);
	}
	return v;
}

/* In the child: fd 0 is the execution's stdin (a file sbx spooled, else
 * empty), then bash. Code too long for one argv word runs from a file in
 * the kernel's TMPDIR. */
static void run_command(const struct bash_kernel *bk, json_t *req, char **env)
{
	/* Where the last command left the shell, and PWD for it. */
	char pwd[PATH_MAX + 8];
	memcpy(pwd, "PWD=", 4);
	bash_shell_state_enter(&bk->shell, bk->workdir, pwd + 4, sizeof pwd - 4);
	size_t k_env = 0;
	while (env[k_env])
		k_env++;
	env[k_env] = pwd;
	const char *in = json_string_value(json_object_get(req, "stdin"));
	int fd = open(in ? in : "/dev/null", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || dup2(fd, 0) < 0)
		_exit(126);
	json_t *args = json_object_get(req, "args");
	json_t *code = json_object_get(req, "code");
	size_t nargs = json_array_size(args);
	const char **argv = xcalloc(nargs + 8, sizeof *argv);
	size_t k = 0;
	argv[k++] = "bash";
	argv[k++] = "--noprofile";
	argv[k++] = "--norc";
	char path[4200];
	const char *base =
	    json_string_value(json_object_get(json_object_get(req, "program"), "base"));
	if (base) {
		argv[k++] = base; /* relative: the copy in the working directory */
	} else if (json_string_length(code) <= ARG_MAX_WORD) {
		argv[k++] = "-c";
		argv[k++] = json_string_value(code);
		argv[k++] = "bash";
	} else {
		snprintf(path, sizeof path, "%s/sbx-command.sh", bk->tmpdir);
		int out = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (out < 0 ||
		    write_all(out, json_string_value(code), json_string_length(code)) < 0)
			_exit(126);
		close(out);
		argv[k++] = path;
	}
	for (size_t i = 0; i < nargs; i++)
		if (json_is_string(json_array_get(args, i)))
			argv[k++] = json_string_value(json_array_get(args, i));
	signal(SIGINT, SIG_DFL);
	/* The address-space backstop is the command's, set here: the loop
	 * is sbx's own code, which a sanitizer build cannot run under it. */
	struct rlimit as = {(rlim_t)bk->rlimit_as, (rlim_t)bk->rlimit_as};
	if (bk->rlimit_as && setrlimit(RLIMIT_AS, &as) < 0)
		_exit(126);
	execve(bk->exe, (char *const *)argv, env);
	dprintf(2, "sbx: cannot start %s: %s\n", bk->exe, strerror(errno));
	_exit(127);
}

/* The shell's state from the last command: read back (or, for --fresh,
 * removed) when the kernel starts; true when there was one. */
static bool shell_begin(struct bash_kernel *bk, json_t *hello)
{
	const char *state = json_string_value(json_object_get(hello, "state"));
	const char *slash = state ? strrchr(state, '/') : NULL;
	if (!slash || !getcwd(bk->workdir, sizeof bk->workdir))
		return false;
	snprintf(bk->state, sizeof bk->state, "%.*s/state.bash", (int)(slash - state), state);
	snprintf(bk->dump, sizeof bk->dump, "%s/sbx-shell-exit", bk->tmpdir);
	snprintf(bk->init, sizeof bk->init, "%s/sbx-shell-init.sh", bk->tmpdir);
	if (!bash_shell_state_init_file(bk->init, bk->dump)) {
		bk->init[0] = '\0'; /* nothing kept: each command starts afresh */
		return false;
	}
	if (json_is_true(json_object_get(hello, "fresh")))
		unlink(bk->state);
	return bash_shell_state_load(&bk->shell, bk->state);
}

/* After a command: what its shell left, kept and saved; a note on its
 * stderr when it ended outside the workspace. */
static void shell_end(struct bash_kernel *bk, json_t *req, json_int_t seq)
{
	if (!bk->init[0])
		return;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	char note[PATH_MAX + 256];
	long size = 0;
	json_t *unsaved = json_array();
	/* Written only when it changed: most commands change nothing. */
	if (bash_shell_state_update(&bk->shell, bk->dump, bk->workdir, bk->env,
				    json_object_get(req, "env"), note, sizeof note) == 2)
		size = bash_shell_state_save(&bk->shell, bk->state);
	if (note[0])
		(void)write_all(2, note, strlen(note));
	if (size < 0)
		json_array_append_new(unsaved, json_string("the shell's directory and exports"));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	bk->pending_saved = json_pack(
	    "{s:I, s:f, s:I, s:o}", "saved", seq, "ms",
	    (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6,
	    "bytes", (json_int_t)(size > 0 ? size : 0), "unsaved", unsaved);
}

static void bash_kernel_main(void *arg)
{
	struct bash_kernel *bk = arg;
	struct sigaction sa = {.sa_handler = on_sigint}; /* no SA_RESTART: waitpid returns */
	sigaction(SIGINT, &sa, NULL);
	struct buf in = BUF_INIT;
	buf_init(&in, LINE_MAX_BYTES);
	json_t *hello = read_frame(&in);
	const char *t = json_string_value(json_object_get(hello, "token"));
	if (!t)
		_exit(0);
	char token[64];
	snprintf(token, sizeof token, "%s", t);
	bool restored = shell_begin(bk, hello);
	json_decref(hello);
	send_frame(json_pack("{s:b, s:b, s:[]}", "ready", 1, "restored", restored, "unsaved"));
	mark(token);
	json_t *req;
	while ((req = read_frame(&in))) {
		json_t *seq = json_object_get(req, "seq");
		if (!json_is_integer(seq) || !json_is_string(json_object_get(req, "code"))) {
			json_decref(req);
			continue;
		}
		json_int_t n = json_integer_value(seq);
		send_frame(json_pack("{s:I}", "start", n));
		interrupted = 0;
		size_t own = 0;
		/* A FILE runs as `bash x.sh` in a terminal: in a child shell,
		 * whose cd and exports are not the session shell's. */
		bool keeps = !json_object_get(json_object_get(req, "program"), "base");
		char **env = command_env(bk, json_object_get(req, "env"), keeps, &own);
		unlink(bk->dump); /* what is there after the command is its own */
		pid_t pid = fork();
		if (pid == 0)
			run_command(bk, req, env);
		int ws = 0;
		bool passed_on = false, was_interrupted = false;
		while (pid > 0 && waitpid(pid, &ws, 0) < 0) {
			if (errno != EINTR)
				break;
			if (interrupted && !passed_on) {
				/* Once: the run's own supervisor may pass it back. */
				passed_on = was_interrupted = true;
				signal(SIGINT, SIG_IGN);
				kill(0, SIGINT);
				sigaction(SIGINT, &sa, NULL);
			}
		}
		int code = pid < 0	     ? 126
			   : WIFEXITED(ws)   ? WEXITSTATUS(ws)
			   : WIFSIGNALED(ws) ? 128 + WTERMSIG(ws)
					     : 1;
		for (size_t i = own; env[i]; i++)
			free(env[i]);
		free(env);
		shell_end(bk, req, n);
		mark(token);
		send_frame(json_pack("{s:I, s:i, s:b, s:[]}", "done", n, "exit_code", code,
				     "interrupted", was_interrupted || interrupted, "report"));
		if (bk->pending_saved)
			send_frame(bk->pending_saved);
		bk->pending_saved = NULL;
		json_decref(req);
	}
	_exit(0);
}

int bash_kernel_run(struct request *req, struct outcome *out, const struct output_sink *sink,
		    const struct kernel_start *ks)
{
	char *const *cmd = config_command(req->config, req->lang->id, CONFIG_TOOL_RUN);
	const char *exe_name = cmd && cmd[0] ? cmd[0] : req->lang->interpreter;
	struct spawn_run s = {.req = req, .out = out, .sink = sink, .stdin_fd = ks->ctl_fd};
	workdir_init(&s.wd);
	int rc = -1;
	if (engine_kernel_prepare(&s, ks, exe_name) < 0)
		goto out;
	engine_spawn_env(&s);
	struct bash_kernel bk = {.exe = s.exe,
				 .env = s.env,
				 .tmpdir = s.tmpdir + strlen("TMPDIR="),
				 .rlimit_as = req->limits.memory_bytes};
	rc = engine_kernel_start_main(&s, bash_kernel_main, &bk, ks, 0);
out:
	free(s.env);
	engine_kernel_close_rundir(&s.wd);
	return rc;
}
