/* call_child — the child process of a tool call, a fork that runs its job
 * in-process (mcp_cmd's job; no exec): its stdin fed from memory,
 * its stdout and stderr collected (with caps), all without blocking, so
 * one poll loop can watch many. */
#ifndef SBX_MCP_CALL_CHILD_H
#define SBX_MCP_CALL_CHILD_H

#include <poll.h>
#include <stdbool.h>
#include <sys/types.h>

#include "mcp/tools.h"
#include "util/buf.h"

/* A record holds at most 1 MiB per stream kept by default, plus the code's
 * rich results; the cap bounds what a misbehaving child can make us hold. */
#define MCP_CALL_CHILD_OUT_CAP (64u << 20)
#define MCP_CALL_CHILD_ERR_CAP (64u << 10)

struct mcp_call_child {
	pid_t pid;  /* 0 once reaped */
	int in_fd;  /* -1 once all input is written */
	int out_fd; /* -1 at EOF */
	int err_fd; /* -1 at EOF */
	int pid_fd; /* readable when the child exits; -1 if unavailable */
	struct mcp_cmd cmd;
	size_t in_off;
	struct buf out, err;
	size_t scanned; /* stdout bytes already split into lines */
	int status;	/* wait status once reaped */
};

/* Starts cmd (taken over by the child struct). -1 with errno on failure. */
int mcp_call_child_start(struct mcp_call_child *c, struct mcp_cmd *cmd);
/* Adds the child's open descriptors to fds; returns how many. */
int mcp_call_child_pollfds(const struct mcp_call_child *c, struct pollfd *fds);
/* Handles what poll reported for the child's descriptors. */
void mcp_call_child_service(struct mcp_call_child *c, const struct pollfd *fds, int n);
/* True once stdout and stderr are closed, or once the child exited and
 * what it wrote was read (a process it left behind, e.g. a session's
 * server, may hold the pipes open for ever): reap with mcp_call_child_reap. */
bool mcp_call_child_drained(const struct mcp_call_child *c);
void mcp_call_child_reap(struct mcp_call_child *c);
/* Kills the child's whole process group (cancellation, shutdown). */
void mcp_call_child_kill(struct mcp_call_child *c);
void mcp_call_child_release(struct mcp_call_child *c);

#endif
