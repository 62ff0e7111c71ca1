/* call_child — fork and watch the child of one tool call (call_child.h): its
 * job in-process (a run: run/job.h; the session commands:
 * session/session_admin.h; list_deployments: state/deployments.h), no exec.
 *
 * The child gets its own process group, so cancelling a call kills the
 * run and anything it started outside the sandbox; the sandbox itself
 * dies with its supervisor (PR_SET_PDEATHSIG). Pipes are non-blocking and
 * close-on-exec on our side, and a run's fork closes every fd but its
 * three, so a child never holds another call's pipes or our stdout. */
#include "mcp/call_child.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/pidfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/request.h"
#include "run/deploy_run.h"
#include "run/job.h"
#include "session/session_admin.h"
#include "session/session_exec_job.h"
#include "state/deployments.h"
#include "util/front.h"
#include "util/util.h"

/* The end of a call's fork: its exit code (run_job_end: a failure's
 * record and its kind's code), its output flushed. */
static _Noreturn void job_exit(int rc)
{
	rc = run_job_end(rc);
	fflush(stdout);
	fflush(stderr);
	_exit(rc);
}

/* `sbx session SUB --format F FLAGS... OPERANDS` (the session tools). */
static _Noreturn void session_admin_here(const struct mcp_cmd *cmd)
{
	const char *format = cmd->format ? cmd->format : "json";
	run_job_begin("session", strcmp(format, "json") ? FORMAT_TEXT : FORMAT_JSON);
	struct session_admin_job job = {.sub = cmd->sub,
					.state_dir = cmd->state_dir,
					.config = cmd->config,
					.format = format,
					.settings = (const char *const(*)[2])cmd->flags,
					.nsettings = (size_t)cmd->nflags,
					.operands = (char **)cmd->ops,
					.nops = cmd->nops};
	job_exit(session_admin_job_run(&job));
}

/* `sbx list --json [--language L] [--status S]` (list_deployments). */
static _Noreturn void list_here(const struct mcp_cmd *cmd)
{
	run_job_begin("list", FORMAT_JSON);
	struct deployments_filter f = {NULL, NULL};
	int rc = 0;
	for (int i = 0; i < cmd->nflags && rc == 0; i++)
		rc = !strcmp(cmd->flags[i][0], "--language")
			 ? deployments_filter_language(&f, cmd->flags[i][1])
			 : deployments_filter_status(&f, cmd->flags[i][1]);
	if (rc == 0)
		rc = deployments_list(cmd->state_dir, cmd->config, &f, 1);
	job_exit(rc);
}

/* A tool's call, in the fork: what `sbx run|exec-deployment --request -
 * --format ndjson` (or `sbx prepare [-l L] --json -`, `sbx deploy -n NAME
 * [-l L] --json -`, `sbx session ...`, `sbx list --json`) does, with no
 * exec. */
static _Noreturn void run_here(const struct mcp_cmd *cmd)
{
	/* Another call's pipes, held here, would keep its end from coming. */
	close_range(3, ~0u, 0);
	/* The signal state of a fresh sbx (an exec resets handlers): not the
	 * server's SIGTERM/SIGINT handlers; SIGPIPE ignored, as sbx's main has
	 * it, so a closed stdout cannot kill the run before its sandbox is
	 * reaped and the run recorded. */
	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			signal(sig, sig == SIGPIPE ? SIG_IGN : SIG_DFL); /* glibc's own: EINVAL */
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	error_state_reset();
	front_from_env(); /* SBX_FRONT=mcp (cmd_mcp.c): messages name keys and tools */
	if (cmd->job == MCP_JOB_SESSION_EXEC) {
		/* NDJSON: its events as they come (progress), the record last. */
		enum output_format f = cmd->ndjson ? FORMAT_NDJSON : FORMAT_JSON;
		run_job_begin("session", f);
		struct session_exec_job job = {.state_dir = cmd->state_dir,
					       .config = cmd->config,
					       .format = f,
					       .ref = cmd->ref};
		job_exit(session_exec_job_run(&job));
	}
	if (cmd->job == MCP_JOB_SESSION_ADMIN)
		session_admin_here(cmd);
	if (cmd->job == MCP_JOB_LIST_DEPLOYMENTS)
		list_here(cmd);
	if (cmd->job == MCP_JOB_FUNCTION) {
		int rc = cmd->function();
		fflush(stdout);
		_exit(rc);
	}
	static const struct {
		const char *command;
		enum run_job_kind kind;
		enum output_format format;
	} jobs[] = {[MCP_JOB_RUN] = {"run", RUN_JOB_RUN, FORMAT_NDJSON},
		    [MCP_JOB_DEPLOYMENT] = {"exec-deployment", RUN_JOB_DEPLOYMENT, FORMAT_NDJSON},
		    [MCP_JOB_PREPARE] = {"prepare", RUN_JOB_PREPARE, FORMAT_JSON},
		    [MCP_JOB_DEPLOY] = {"deploy", RUN_JOB_DEPLOY, FORMAT_JSON}};
	run_job_begin(jobs[cmd->job].command, jobs[cmd->job].format);
	json_t *settings = json_object(); /* a prepare's: its language */
	if (cmd->language)
		json_object_set_new(settings, "language", json_string(cmd->language));
	/* A deploy's -n NAME [-l LANG], in that order, as its flags. */
	struct run_job_default deploy[] = {{RO_DEPLOY_NAME, cmd->ref}, {RO_LANG, cmd->language}};
	struct run_job job = {.kind = jobs[cmd->job].kind,
			      .request = settings,
			      .format = jobs[cmd->job].format,
			      .state_dir = cmd->state_dir,
			      .config = cmd->config};
	if (cmd->job == MCP_JOB_DEPLOY) {
		job.defaults = deploy;
		job.ndefaults = cmd->language ? 2 : 1;
	}
	int rc = run_job_stdin(&job);
	json_decref(settings);
	job_exit(rc);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

int mcp_call_child_start(struct mcp_call_child *c, struct mcp_cmd *cmd)
{
	memset(c, 0, sizeof(*c));
	c->cmd = *cmd;
	memset(cmd, 0, sizeof(*cmd));
	c->in_fd = c->out_fd = c->err_fd = c->pid_fd = -1;
	buf_init(&c->out, MCP_CALL_CHILD_OUT_CAP);
	buf_init(&c->err, MCP_CALL_CHILD_ERR_CAP);
	int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
	if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC))
		goto fail;
	fflush(NULL); /* nothing buffered here reaches a child's pipe */
	pid_t pid = fork();
	if (pid < 0)
		goto fail;
	if (pid == 0) {
		setpgid(0, 0);
		/* The server ignores SIGPIPE for its own writes; the command
		 * gets the default back. */
		signal(SIGPIPE, SIG_DFL);
		if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 || dup2(err[1], 2) < 0)
			_exit(125);
		run_here(&c->cmd);
	}
	setpgid(pid, pid); /* both sides: no race with an early kill */
	c->pid = pid;
	close(in[0]);
	close(out[1]);
	close(err[1]);
	c->pid_fd = pidfd_open(pid, 0);
	c->in_fd = in[1];
	c->out_fd = out[0];
	c->err_fd = err[0];
	fcntl(c->in_fd, F_SETFL, O_NONBLOCK);
	fcntl(c->out_fd, F_SETFL, O_NONBLOCK);
	fcntl(c->err_fd, F_SETFL, O_NONBLOCK);
	if (!c->cmd.input_len)
		close_fd(&c->in_fd);
	return 0;
fail:;
	int saved = errno;
	for (int i = 0; i < 2; i++) {
		close_fd(&in[i]);
		close_fd(&out[i]);
		close_fd(&err[i]);
	}
	errno = saved;
	return -1;
}

int mcp_call_child_pollfds(const struct mcp_call_child *c, struct pollfd *fds)
{
	int n = 0;
	if (c->in_fd >= 0)
		fds[n++] = (struct pollfd){.fd = c->in_fd, .events = POLLOUT};
	if (c->out_fd >= 0)
		fds[n++] = (struct pollfd){.fd = c->out_fd, .events = POLLIN};
	if (c->err_fd >= 0)
		fds[n++] = (struct pollfd){.fd = c->err_fd, .events = POLLIN};
	if (c->pid_fd >= 0)
		fds[n++] = (struct pollfd){.fd = c->pid_fd, .events = POLLIN};
	return n;
}

static void drain(int *fd, struct buf *b)
{
	char chunk[65536];
	for (;;) {
		ssize_t got = read(*fd, chunk, sizeof(chunk));
		if (got > 0) {
			buf_append(b, chunk, (size_t)got);
			continue;
		}
		if (got < 0 && (errno == EINTR))
			continue;
		if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		close_fd(fd); /* EOF or a read error */
		return;
	}
}

static void feed(struct mcp_call_child *c)
{
	while (c->in_off < c->cmd.input_len) {
		ssize_t put =
		    write(c->in_fd, c->cmd.input + c->in_off, c->cmd.input_len - c->in_off);
		if (put > 0) {
			c->in_off += (size_t)put;
			continue;
		}
		if (put < 0 && errno == EINTR)
			continue;
		if (put < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		break; /* EPIPE: the command stopped reading; it will say why */
	}
	close_fd(&c->in_fd);
}

/* The child exited: everything it wrote is in the pipes now (a write
 * that did not fit would have kept it alive), so one last non-blocking
 * read of each takes all of it; then the pipes are done with, whoever
 * else still holds them. */
static void exited(struct mcp_call_child *c)
{
	close_fd(&c->pid_fd);
	if (c->out_fd >= 0)
		drain(&c->out_fd, &c->out);
	if (c->err_fd >= 0)
		drain(&c->err_fd, &c->err);
	close_fd(&c->out_fd);
	close_fd(&c->err_fd);
}

void mcp_call_child_service(struct mcp_call_child *c, const struct pollfd *fds, int n)
{
	for (int i = 0; i < n; i++) {
		if (!fds[i].revents)
			continue;
		if (fds[i].fd == c->in_fd)
			feed(c);
		else if (fds[i].fd == c->out_fd)
			drain(&c->out_fd, &c->out);
		else if (fds[i].fd == c->err_fd)
			drain(&c->err_fd, &c->err);
		else if (fds[i].fd == c->pid_fd)
			exited(c);
	}
}

bool mcp_call_child_drained(const struct mcp_call_child *c)
{
	return c->out_fd < 0 && c->err_fd < 0;
}

void mcp_call_child_reap(struct mcp_call_child *c)
{
	close_fd(&c->pid_fd);
	close_fd(&c->in_fd);
	while (c->pid > 0) {
		if (waitpid(c->pid, &c->status, 0) == c->pid || errno != EINTR)
			c->pid = 0;
	}
}

void mcp_call_child_kill(struct mcp_call_child *c)
{
	if (c->pid > 0)
		kill(-c->pid, SIGKILL);
}

void mcp_call_child_release(struct mcp_call_child *c)
{
	close_fd(&c->pid_fd);
	close_fd(&c->in_fd);
	close_fd(&c->out_fd);
	close_fd(&c->err_fd);
	if (c->pid > 0) {
		mcp_call_child_kill(c);
		mcp_call_child_reap(c);
	}
	buf_release(&c->out);
	buf_release(&c->err);
	mcp_cmd_release(&c->cmd);
}
