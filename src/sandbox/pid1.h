/* pid1 — a minimal init for a run's pid namespace (as bubblewrap and tini
 * run one).
 *
 * The first process of a pid namespace is special: the kernel drops every
 * signal it has no handler for, even its own (os.kill(os.getpid(),
 * SIGKILL) does nothing, abort() ends in SIGSEGV), and orphans are handed
 * to it to reap. Code must not be that process, or signals do not behave
 * as on a host. So the namespace's first process forks: the child runs the
 * code, the init reaps whatever ends, forwards the signals one sends to an
 * init (SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2) to the code,
 * and ends with the code.
 *
 * An init cannot die of the code's signal (it ignores its own signals too),
 * so it tells sbx the code's real wait status on a channel of its own (a
 * SOCK_SEQPACKET socket the code never holds). The code's first message on
 * it, before the engine starts, carries its pid as the kernel translates it
 * for sbx (SCM_CREDENTIALS): sbx's live CPU clock then reads the code, not
 * the init.
 */
#ifndef SBX_PID1_H
#define SBX_PID1_H

#include <stdbool.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "sandbox/sandbox.h"

/* A connected pair; fds[0] is sbx's end (credentials passed), fds[1] the
 * init's. Returns 0 or -1 (errno). */
int pid1_channel(int fds[2]);

/* In the namespace's first process, with every layer in force: forks the
 * code (which returns from here... never: it calls fn) and becomes its
 * init. keep_fd is the init's end of the channel. Never returns. */
_Noreturn void pid1_run(int keep_fd, sandbox_child_fn fn, void *arg);

struct pid1_state {
	pid_t code_pid;	 /* the code's pid in sbx's namespace, 0: not known yet */
	int wait_status; /* valid when have_status */
	bool have_status;
	/* With the status: nothing but the init was left in the namespace
	 * (the init is ending; nothing of the run can act any more), and the
	 * rusage wait4 on the init would give, but for its exit's teardown. */
	bool alone;
	struct rusage ru;
};

/* Reads what is waiting on sbx's end. Returns 1 while the channel is open,
 * 0 at EOF (the init and the code closed it), -1 on an error. */
int pid1_read(int fd, struct pid1_state *st);

#endif
