/* sandbox_child — the child between fork and the engine: stdio and the
 * private fds wired, every other fd closed, parent death tied to sbx, the
 * isolation layers entered (isolate_enter), the plan's rlimits set,
 * no_new_privs and seccomp installed, then the engine's child_main (under
 * the pid namespace's init when there is one).
 *
 * Runs after fork only: async-signal-safe calls, nothing allocated. May
 * call: isolate_enter, seccomp_install, pid1_run, libc.
 */
#include "sandbox/sandbox_int.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "util/profile.h"

static int child_setup_fd = -1; /* in the child: where child_fail writes */

static _Noreturn void child_fail(const char *what)
{
	/* Only async-signal-safe calls after fork. */
	char msg[SETUP_MSG_MAX];
	int n = snprintf(msg, sizeof(msg), "%s failed (errno %d)", what, errno);
	if (n > 0 && child_setup_fd >= 0)
		(void)!write(child_setup_fd, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg);
	_exit(125);
}

/* Every signal's disposition back to its default, as a process started
 * from a login shell has them: whatever sbx's own caller ignored (a
 * background job's SIGQUIT, glibc posix_spawn's internal signals 32 and
 * 33, which a server or a batch that spawned sbx leaves ignored) would
 * otherwise reach the code through exec. sbx ignores SIGPIPE for its own
 * writes; the Duktape child keeps that (it reports a closed pipe as an
 * error), an interpreter gets the default as it would natively. The raw
 * syscall because glibc's sigaction refuses 32 and 33; the kernel's
 * struct is {handler, flags, restorer, mask}, all zero for SIG_DFL. */
static void reset_signals(bool keep_sigpipe)
{
	struct {
		void *handler;
		unsigned long flags;
		void *restorer;
		unsigned long mask;
	} dfl = {0};
	for (int sig = 1; sig <= 64; sig++)
		if (sig != SIGKILL && sig != SIGSTOP && !(keep_sigpipe && sig == SIGPIPE))
			(void)syscall(SYS_rt_sigaction, sig, &dfl, NULL, sizeof dfl.mask);
}

_Noreturn void sandbox_child_start(struct supervisor *sv, pid_t parent,
				   const struct seccomp_prog *prog)
{
	const struct sandbox_plan *plan = sv->plan;
	int(*pipes)[2] = sv->pipes;
	int gate_fd = sv->gate[0], init_fd = sv->initc[1];

	reset_signals(plan->profile != PROFILE_INTERPRETER);

	/* Out of the way of the dup2s below (they target fds 0-4). */
	child_setup_fd = fcntl(pipes[3][1], F_DUPFD_CLOEXEC, 16);
	if (init_fd >= 0)
		init_fd = fcntl(init_fd, F_DUPFD_CLOEXEC, 16);

	/* Die with sbx: a sandbox must never outlive its supervisor. In a
	 * pid namespace getppid() is 0: there the parent-death race is closed
	 * by isolate_spawn's go-ahead pipe. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 ||
	    (!(sv->isolated && sv->iso.namespaces) && getppid() != parent))
		_exit(125);
	isolate_raise_oom_score(); /* again: a run without namespaces */
	/* A session of its own: no controlling terminal (no TIOCSTI into the
	 * user's shell), and one process group to kill. The interpreter
	 * filter denies setsid/setpgid, so no descendant can leave it. */
	setsid();

	int in = plan->stdin_fd >= 0 ? plan->stdin_fd : open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (in < 0 || dup2(in, STDIN_FILENO) < 0 || dup2(pipes[0][1], STDOUT_FILENO) < 0 ||
	    dup2(pipes[sv->merged ? 0 : 1][1], STDERR_FILENO) < 0 ||
	    dup2(pipes[2][1], SANDBOX_REPORT_FD) < 0)
		child_fail("wiring stdio");
	if (gate_fd >= 0 && dup2(gate_fd, SANDBOX_GATE_FD) < 0)
		child_fail("wiring the gate");
	/* The first process of a pid namespace becomes the init (pid1.h). */
	bool init = sv->isolated && (sv->iso.namespaces & NS_PID) && init_fd >= 0;
	if (init && dup2(init_fd, SANDBOX_INIT_FD) < 0)
		child_fail("wiring the init channel");
	if (child_setup_fd < 0 || dup3(child_setup_fd, SANDBOX_SETUP_FD, O_CLOEXEC) < 0)
		child_fail("wiring the setup pipe");
	child_setup_fd = SANDBOX_SETUP_FD;
	/* Nothing of sbx's own files reaches the code. */
	if ((gate_fd < 0 && close_range(SANDBOX_GATE_FD, SANDBOX_GATE_FD, 0) != 0) ||
	    (!init && close_range(SANDBOX_INIT_FD, SANDBOX_INIT_FD, 0) != 0) ||
	    close_range(SANDBOX_SETUP_FD + 1, ~0u, 0) != 0)
		child_fail("close_range");

	/* chdir before isolate_enter: without namespaces as root,
	 * isolate_enter switches to the run's uid, which may not be able to
	 * walk down to a work directory below a 0700 state dir. */
	if (plan->workdir && chdir(plan->workdir) != 0)
		child_fail("chdir to the working directory");
	profile_mark("child: set-up");
	if (sv->isolated && isolate_enter(plan, &sv->iso) != 0)
		child_fail("isolation");
	profile_mark("child: isolation");

	/* The plan's rlimits (sandbox_plan_limits), in its order. */
	for (unsigned i = 0; i < sv->limits.n; i++) {
		const struct sandbox_rlimit *l = &sv->limits.rl[i];
		struct rlimit rl = {l->soft, l->hard};
		if (setrlimit(l->resource, &rl) != 0)
			child_fail(l->name);
	}

	/* A held exec waits for its words (plan.held_exec): while it does,
	 * nothing of the same uid may open its /proc files (its gate's pipe
	 * by /proc/PID/fd) or trace it. Its execve makes the program as
	 * dumpable as a cold run's. */
	if (plan->held_exec && prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0)
		child_fail("PR_SET_DUMPABLE");
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		child_fail("PR_SET_NO_NEW_PRIVS");
	if (seccomp_install(prog, plan->profile) != 0)
		child_fail("seccomp");
	profile_mark("child: seccomp");
	if (init) /* under every layer, the init too */
		pid1_run(SANDBOX_INIT_FD, plan->child_main, plan->child_arg);
	plan->child_main(plan->child_arg);
	_exit(125);
}
