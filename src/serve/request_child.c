/* request_child — a child process per request (request_child.h). */
#include "serve/request_child.h"
#include "serve/request_plan.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "serve/api.h"
#include "serve/runner.h"
#include "serve/warm_pool.h"
#include "core/outcome.h"
#include "util/util.h"

/* The child's stderr is only read for a message when it printed no record. */
#define ERR_CAP 65536

static int open_pipes(int in[2], int out[2], int err[2])
{
	/* O_CLOEXEC: another request's child, spawned at the same moment from
	 * another thread, must not inherit these (it would hold our pipes open). */
	if (pipe2(in, O_CLOEXEC) != 0)
		return -1;
	if (pipe2(out, O_CLOEXEC) != 0)
		goto close_in;
	if (pipe2(err, O_CLOEXEC) != 0)
		goto close_out;
	return 0;
close_out:
	close(out[0]);
	close(out[1]);
close_in:
	close(in[0]);
	close(in[1]);
	return -1;
}

static void close_pipes(int in[2], int out[2], int err[2])
{
	int *all[] = {in, out, err};
	for (int i = 0; i < 3; i++) {
		close(all[i][0]);
		close(all[i][1]);
	}
}

void request_child_adopt(struct request_child *c, const struct request_child_fds *f,
			 const char *input, size_t len, int client_fd)
{
	memset(c, 0, sizeof(*c));
	buf_init(&c->errbuf, ERR_CAP);
	c->pid = f->pid;
	c->pidfd = f->pidfd;
	c->status = f->status;
	c->in = f->in;
	c->out = f->out;
	c->err = f->err;
	fcntl(c->in, F_SETFL, O_NONBLOCK);
	c->input = input;
	c->input_len = input ? len : 0;
	c->client_fd = client_fd;
	if (c->input_len == 0) {
		close(c->in);
		c->in = -1;
	}
}

/* Our ends of the three pipes after the child got its own. */
static int started(struct request_child *c, int rc, int in[2], int out[2], int err[2],
		   const char *input, size_t len, int client_fd)
{
	close(in[0]);
	close(out[1]);
	close(err[1]);
	if (rc != 0) {
		close(in[1]);
		close(out[0]);
		close(err[0]);
		errno = rc;
		return -1;
	}
	struct request_child_fds f = {c->pid, c->pidfd, c->status, in[1], out[0], err[0]};
	buf_release(&c->errbuf);
	request_child_adopt(c, &f, input, len, client_fd);
	return 0;
}

static int child_init(struct request_child *c, int in[2], int out[2], int err[2])
{
	memset(c, 0, sizeof(*c));
	c->in = c->out = c->err = c->status = c->pidfd = -1;
	buf_init(&c->errbuf, ERR_CAP);
	return open_pipes(in, out, err);
}

int request_child_start_job(struct request_child *c, const char *job, const char *input, size_t len,
			    int client_fd)
{
	/* A run a warm sandbox fits takes it (warm_pool.h). */
	if (warm_pool_take(c, job, input, len, client_fd) == 0)
		return 0;
	int in[2], out[2], err[2];
	if (child_init(c, in, out, err) != 0)
		return -1;
	/* A fork of the runner (no exec), or of its standby once it is gone. */
	c->status = runner_launch(job, in[0], out[1], err[1], &c->pid, &c->pidfd);
	int saved = errno;
	if (c->status >= 0)
		return started(c, 0, in, out, err, input, len, client_fd);
	close_pipes(in, out, err);
	errno = saved;
	return -1;
}

int request_child_start_plan(struct request_child *c, const struct request_plan *a, int client_fd)
{
	char *job = json_dumps(a->job, JSON_COMPACT | JSON_SORT_KEYS);
	if (!job) {
		errno = ENOMEM;
		return -1;
	}
	int rc = request_child_start_job(c, job, a->input, a->input_len, client_fd);
	free(job);
	return rc;
}

void request_child_cancel(struct request_child *c)
{
	/* A child of the runner is signalled through its pidfd (or by the
	 * runner, its parent): never a process that took over its pid. */
	if (!c->cancelled && !c->reaped && c->pid > 0 &&
	    (c->status < 0 || runner_cancel(c->status, c->pidfd) != 0))
		kill(c->pid, SIGTERM);
	c->cancelled = true;
}

/* Has the client closed its side? POLLRDHUP, or a read of 0 bytes: an
 * HTTP/1.1 client sends nothing more while it waits for our answer. */
static bool client_gone(int fd, short revents)
{
	if (revents & (POLLHUP | POLLERR | POLLRDHUP))
		return true;
	char b;
	ssize_t n = recv(fd, &b, 1, MSG_PEEK | MSG_DONTWAIT);
	return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

ssize_t request_child_pump(struct request_child *c, char *dst, size_t max)
{
	for (;;) {
		struct pollfd p[4];
		int n = 0, iin = -1, iout = -1, ierr = -1, icl = -1;
		if (c->in >= 0)
			p[iin = n++] = (struct pollfd){c->in, POLLOUT, 0};
		if (c->out >= 0)
			p[iout = n++] = (struct pollfd){c->out, POLLIN, 0};
		if (c->err >= 0)
			p[ierr = n++] = (struct pollfd){c->err, POLLIN, 0};
		if (c->client_fd >= 0 && !c->cancelled)
			p[icl = n++] = (struct pollfd){c->client_fd, POLLRDHUP, 0};
		if (iout < 0)
			return 0;
		if (poll(p, (nfds_t)n, -1) < 0) {
			if (errno == EINTR)
				continue;
			return 0;
		}
		if (icl >= 0 && p[icl].revents && client_gone(c->client_fd, p[icl].revents)) {
			request_child_cancel(c);
			return -1;
		}
		if (iin >= 0 && p[iin].revents) {
			ssize_t w =
			    write(c->in, c->input + c->input_off, c->input_len - c->input_off);
			if (w > 0)
				c->input_off += (size_t)w;
			if ((w < 0 && errno != EAGAIN && errno != EINTR) ||
			    c->input_off == c->input_len) {
				close(c->in);
				c->in = -1;
			}
		}
		if (ierr >= 0 && p[ierr].revents) {
			char b[4096];
			ssize_t r = read(c->err, b, sizeof(b));
			if (r > 0)
				buf_append(&c->errbuf, b, (size_t)r);
			else if (r == 0 || errno != EINTR) {
				close(c->err);
				c->err = -1;
			}
		}
		if (p[iout].revents) {
			ssize_t r = read(c->out, dst, max);
			if (r > 0)
				return r;
			if (r == 0 || errno != EINTR) {
				close(c->out);
				c->out = -1;
				return 0;
			}
		}
	}
}

int request_child_collect(struct request_child *c, struct buf *out)
{
	char chunk[65536];
	for (;;) {
		ssize_t n = request_child_pump(c, chunk, sizeof(chunk));
		if (n < 0)
			return -1;
		if (n == 0)
			return 0;
		buf_append(out, chunk, (size_t)n);
	}
}

int request_child_finish(struct request_child *c)
{
	if (c->reaped)
		return c->exit_code;
	if (c->in >= 0)
		close(c->in);
	if (c->out >= 0)
		close(c->out);
	/* The rest of stderr, so a child blocked writing it can end. */
	while (c->err >= 0) {
		char b[4096];
		ssize_t r = read(c->err, b, sizeof(b));
		if (r > 0) {
			buf_append(&c->errbuf, b, (size_t)r);
		} else if (r == 0 || errno != EINTR) {
			close(c->err);
			c->err = -1;
		}
	}
	c->in = c->out = -1;
	int st = 0;
	if (c->status >= 0) {
		st = runner_wait(c->status);
		c->status = -1;
		if (c->pidfd >= 0)
			close(c->pidfd);
		c->pidfd = -1;
		if (st == -1) {
			/* Its output is whole (its stdout ended); its status is lost. */
			buf_puts(&c->errbuf, "sbx: the server's runner process ended before "
					     "this run did: its exit status is unknown\n");
			st = EXIT_SBX_FAILURE << 8;
		}
	} else {
		while (waitpid(c->pid, &st, 0) < 0 && errno == EINTR)
			;
	}
	c->reaped = true;
	if (c->warm)
		warm_pool_refill();
	c->exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	return c->exit_code;
}
