/* seccomp — the default-deny allow-list for the Duktape child.
 *
 * The filter is built with libseccomp and exported to BPF in memory
 * (libseccomp 2.5 exports only to an fd: a memfd, read back) — at build
 * time (build-aux/seccomp-gen.c, seccomp_prebuilt.c), or in the parent for
 * a profile without a prebuilt one — so the child only has to prctl() it
 * in. Anything not listed traps: the SIGSYS handler reports the call's
 * number on the report fd and exits 159.
 *
 * The list is what the child really does after the filter is in force (seen
 * with `strace -f bin/sbx run ...` over the test programs): Duktape needs
 * memory, the clock, a sleep for timers, and write(2) for output and the
 * report. No open, no read, no exec, no sockets, no new processes.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/seccomp.h>
#include <seccomp.h> /* libseccomp's: ours is sandbox/seccomp.h */

#include "sandbox/seccomp.h"
#include "util/util.h"

#define BPF_MAX_INSNS 4096 /* BPF_MAXINSNS: the kernel refuses longer programs */

struct rule {
	int nr;
	const char *why;
};

/* Calls allowed without conditions, each with the reason it is needed. */
static const struct rule embedded_rules[] = {
    {SCMP_SYS(brk), "malloc grows the main arena"},
    {SCMP_SYS(munmap), "free() returns large blocks to the kernel"},
    {SCMP_SYS(mremap), "realloc() of large blocks (Duktape's growing arrays and buffers)"},
    {SCMP_SYS(madvise), "malloc trims freed memory (MADV_DONTNEED)"},
    {SCMP_SYS(clock_gettime), "deadline checks, Date and performance.now (vDSO fallback)"},
    {SCMP_SYS(gettimeofday), "Date.now() (vDSO fallback)"},
    {SCMP_SYS(clock_nanosleep), "the timer loop waits for the next due timer"},
    {SCMP_SYS(nanosleep), "sleeping, should libc use it over clock_nanosleep"},
    {SCMP_SYS(exit_group), "the child exits with _exit()"},
    {SCMP_SYS(exit), "thread exit, in case libc uses it on the way out"},
    {SCMP_SYS(rt_sigreturn), "return from a signal handler"},
#if defined(__SANITIZE_ADDRESS__)
    /* Test builds only (make SANITIZE=1): ASan calls this before every
     * noreturn call (_exit) to find the stack it is on. */
    {SCMP_SYS(sigaltstack), "AddressSanitizer's stack bookkeeping (sanitizer builds only)"},
#endif
};

volatile sig_atomic_t sandbox_interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	sandbox_interrupted = 1;
}

static int add_rules(scmp_filter_ctx ctx, enum sandbox_profile profile)
{
	size_t i;
	int fds[] = {1, 2, 3};
	for (i = 0; i < sizeof(embedded_rules) / sizeof(embedded_rules[0]); i++) {
		if (seccomp_rule_add(ctx, SCMP_ACT_ALLOW, embedded_rules[i].nr, 0) != 0)
			return error("seccomp: cannot allow syscall %d (%s)", embedded_rules[i].nr,
				     embedded_rules[i].why);
	}
	/* write: only to the code's stdout (1), stderr (2) and the report (3). */
	for (i = 0; i < sizeof(fds) / sizeof(fds[0]); i++) {
		if (seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 1,
				     SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)fds[i])) != 0)
			return error("seccomp: cannot allow write to fd %d", fds[i]);
	}
	/* mmap: malloc's large blocks, never executable memory (no JIT here,
	 * so PROT_EXEC could only serve an exploit). */
	if (seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(mmap), 1,
			     SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0)) != 0)
		return error("seccomp: cannot allow mmap");
	/* mprotect: glibc's malloc changes the protection of its own heaps
	 * (a heap it grows or trims under memory pressure; a session's kernel
	 * restored after a memory_limit died of it), never to executable. */
	if (seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(mprotect), 1,
			     SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0)) != 0)
		return error("seccomp: cannot allow mprotect");
	/* A session's kernel: its control socket is fd 0, read and written
	 * (one JSON line each way); nothing else is added. */
	if (profile == PROFILE_EMBEDDED_KERNEL &&
	    (seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(read), 1, SCMP_A0(SCMP_CMP_EQ, 0)) !=
		 0 ||
	     seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 1, SCMP_A0(SCMP_CMP_EQ, 0)) !=
		 0))
		return error("seccomp: cannot allow the kernel's control fd");
	return 0;
}

/* Exports the filter as BPF into memory through a memfd. */
static int export_bpf(scmp_filter_ctx ctx, struct seccomp_prog *out)
{
	struct buf b = BUF_INIT;
	int fd = memfd_create("sbx-seccomp", MFD_CLOEXEC), rc = -1;

	if (fd < 0)
		return error("seccomp: memfd_create: %s", strerror(errno));
	if (seccomp_export_bpf(ctx, fd) != 0) {
		error("seccomp: cannot export the filter");
		goto out;
	}
	if (lseek(fd, 0, SEEK_SET) != 0 ||
	    read_fd(fd, BPF_MAX_INSNS * sizeof(struct sock_filter), &b) != 0) {
		error("seccomp: cannot read the exported filter back");
		goto out;
	}
	if (b.len == 0 || b.len % sizeof(struct sock_filter) != 0) {
		error("seccomp: the exported filter has a bad size (%zu bytes)", b.len);
		goto out;
	}
	out->len = (unsigned short)(b.len / sizeof(struct sock_filter));
	out->filter = xmalloc(b.len);
	memcpy(out->filter, b.data, b.len);
	rc = 0;
out:
	buf_release(&b);
	close(fd);
	return rc;
}

int seccomp_build(enum sandbox_profile profile, struct seccomp_prog *out)
{
	scmp_filter_ctx ctx;
	int rc = -1;

	out->filter = NULL;
	out->len = 0;
	if (profile == PROFILE_INTERPRETER)
		return seccomp_interp_build(out);
	ctx = seccomp_init(SCMP_ACT_TRAP);
	if (!ctx)
		return error("seccomp: cannot create a filter (libseccomp)");
	/* Another architecture's syscall ABI (int 0x80, x32) is never legit. */
	if (seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS) != 0) {
		error("seccomp: cannot set the bad-architecture action");
		goto out;
	}
	if (add_rules(ctx, profile) == 0 && export_bpf(ctx, out) == 0)
		rc = 0;
out:
	seccomp_release(ctx);
	return rc;
}

/* One filter per profile and process: the filters depend on nothing but
 * the profile, and building one costs 0.4-0.7 ms (Duktape's) to 4 ms (the
 * interpreters', on a loaded machine) — a run's fixed cost. So the filters
 * are built at build time (seccomp_prebuilt.c); building one here is the
 * fallback for a profile without one. */
static struct seccomp_prog cached[PROFILE_EMBEDDED_KERNEL + 1];
static pthread_mutex_t cached_lock = PTHREAD_MUTEX_INITIALIZER;

const struct seccomp_prog *seccomp_filter(enum sandbox_profile profile)
{
	if ((unsigned)profile >= sizeof(cached) / sizeof(cached[0])) {
		error("seccomp: no filter for profile %d", (int)profile);
		return NULL;
	}
	pthread_mutex_lock(&cached_lock);
	struct seccomp_prog *prog = &cached[profile];
	if (!prog->filter && !seccomp_prebuilt(profile, prog) && seccomp_build(profile, prog) != 0)
		prog = NULL;
	pthread_mutex_unlock(&cached_lock);
	return prog;
}

int seccomp_prebuild(void)
{
	return seccomp_filter(PROFILE_EMBEDDED) && seccomp_filter(PROFILE_INTERPRETER) ? 0 : -1;
}

void seccomp_prog_free(struct seccomp_prog *prog)
{
	free(prog->filter);
	prog->filter = NULL;
	prog->len = 0;
}

/* Async-signal-safe: formats the number by hand and uses only write and
 * exit_group (both allowed by the filter). Not instrumented, and exiting by
 * a raw exit_group rather than _exit: under ASan a call to a noreturn
 * function is preceded by __asan_handle_no_return, whose own system calls
 * would trap again inside this handler. */
__attribute__((no_sanitize("address", "undefined"))) static void on_sigsys(int sig, siginfo_t *info,
									   void *uctx)
{
	static const char head[] = "{\"status\":\"syscall_blocked\",\"syscall_nr\":";
	char msg[sizeof(head) + 24];
	char digits[20];
	size_t n = sizeof(head) - 1, k = 0;
	long nr = info->si_syscall;
	unsigned long v = nr < 0 ? 0 : (unsigned long)nr;

	(void)sig;
	(void)uctx;
	memcpy(msg, head, n);
	do {
		digits[k++] = (char)('0' + v % 10);
		v /= 10;
	} while (v && k < sizeof(digits));
	while (k)
		msg[n++] = digits[--k];
	msg[n++] = '}';
	(void)!write(3, msg, n);
	syscall(SYS_exit_group, 128 + SIGSYS);
	_exit(128 + SIGSYS); /* not reached */
}

int seccomp_install(const struct seccomp_prog *prog, enum sandbox_profile profile)
{
	struct sock_fprog fprog;

	if (!prog->filter || prog->len == 0)
		return -1;
	if (profile == PROFILE_EMBEDDED_KERNEL) {
		/* Before the filter: rt_sigaction is not on the list. */
		struct sigaction si;
		memset(&si, 0, sizeof(si));
		si.sa_handler = on_sigint;
		sigemptyset(&si.sa_mask);
		if (sigaction(SIGINT, &si, NULL) != 0)
			return -1;
	}
	if (profile != PROFILE_INTERPRETER) {
		struct sigaction sa;
		sigset_t set;
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_sigsys;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		if (sigaction(SIGSYS, &sa, NULL) != 0)
			return -1;
		/* A blocked SIGSYS would turn the trap into a plain kill. */
		sigemptyset(&set);
		sigaddset(&set, SIGSYS);
		if (sigprocmask(SIG_UNBLOCK, &set, NULL) != 0)
			return -1;
	}
	fprog.len = prog->len;
	fprog.filter = prog->filter;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog, 0, 0) == 0 ? 0 : -1;
}

char *seccomp_syscall_name(long nr)
{
	char *name = NULL;
	struct buf b = BUF_INIT;

	if (nr >= 0 && nr <= 0xffff)
		name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, (int)nr);
	if (name)
		return name;
	buf_printf(&b, "syscall %ld", nr);
	return buf_detach(&b, NULL);
}
