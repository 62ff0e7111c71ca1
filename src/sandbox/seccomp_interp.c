/* seccomp_interp — the deny-list for python3, java and Rscript.
 *
 * Interpreters use 30-55 distinct system calls that vary by version and
 * library, so an allow-list would break them with every upgrade. Instead the
 * default is ALLOW and the calls that reach the network, other processes,
 * the kernel's attack surface or the machine's state are refused with an
 * errno (EPERM, ENOSYS where libc must fall back), never killed: the
 * interpreter reports a normal error such as PermissionError.
 *
 * Built with libseccomp in the parent and exported to BPF once (libseccomp
 * 2.5 only exports to an fd: a memfd, read back).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <seccomp.h> /* libseccomp's: ours is sandbox/seccomp.h */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "sandbox/seccomp.h"
#include "util/util.h"

#ifndef CLONE_NEWCGROUP
#define CLONE_NEWCGROUP 0x02000000
#endif
#ifndef TIOCLINUX
#define TIOCLINUX 0x541C
#endif

struct deny {
	const char *name;
	int err;
	const char *why;
};

/* Refused outright, whatever the arguments. */
static const struct deny deny_always[] = {
    {"ptrace", EPERM, "reading or steering another process"},
    {"process_vm_readv", EPERM, "reading another process's memory"},
    {"process_vm_writev", EPERM, "writing another process's memory"},
    {"pidfd_getfd", EPERM, "stealing another process's file descriptors"},
    {"process_madvise", EPERM, "acting on another process's memory"},
    {"kcmp", EPERM, "probing other processes' kernel objects"},
    {"mount", EPERM, "changing the filesystem view"},
    {"umount2", EPERM, "uncovering what the sandbox's mounts hide"},
    {"pivot_root", EPERM, "changing the root filesystem"},
    {"chroot", EPERM, "chroot tricks to leave a directory jail"},
    {"open_tree", EPERM, "new mount API: same as mount"},
    {"move_mount", EPERM, "new mount API: same as mount"},
    {"fsopen", EPERM, "new mount API: same as mount"},
    {"fsconfig", EPERM, "new mount API: same as mount"},
    {"fsmount", EPERM, "new mount API: same as mount"},
    {"fspick", EPERM, "new mount API: same as mount"},
    {"mount_setattr", EPERM, "new mount API: making mounts writable"},
    {"unshare", EPERM, "new namespaces are a large kernel attack surface"},
    {"setns", EPERM, "joining other namespaces"},
    {"keyctl", EPERM, "the kernel keyring is shared across the user's processes"},
    {"add_key", EPERM, "the kernel keyring is shared across the user's processes"},
    {"request_key", EPERM, "the kernel keyring is shared across the user's processes"},
    {"bpf", EPERM, "eBPF: kernel attack surface"},
    {"perf_event_open", EPERM, "side channels and kernel attack surface"},
    {"userfaultfd", EPERM, "used to widen kernel race windows in exploits"},
    {"io_uring_setup", EPERM, "io_uring bypasses seccomp for the I/O it performs"},
    {"io_uring_enter", EPERM, "io_uring bypasses seccomp for the I/O it performs"},
    {"io_uring_register", EPERM, "io_uring bypasses seccomp for the I/O it performs"},
    {"kexec_load", EPERM, "loading a new kernel"},
    {"kexec_file_load", EPERM, "loading a new kernel"},
    {"init_module", EPERM, "loading kernel modules"},
    {"finit_module", EPERM, "loading kernel modules"},
    {"delete_module", EPERM, "unloading kernel modules"},
    {"swapon", EPERM, "changing the machine's swap"},
    {"swapoff", EPERM, "changing the machine's swap"},
    {"reboot", EPERM, "rebooting the machine"},
    {"acct", EPERM, "process accounting is machine-wide"},
    {"settimeofday", EPERM, "the clock is machine-wide"},
    {"clock_settime", EPERM, "the clock is machine-wide"},
    {"clock_adjtime", EPERM, "the clock is machine-wide"},
    {"adjtimex", EPERM, "the clock is machine-wide"},
    {"sethostname", EPERM, "the host name belongs to the machine (or the UTS namespace)"},
    {"setdomainname", EPERM, "the domain name belongs to the machine"},
    {"syslog", EPERM, "the kernel log leaks addresses"},
    {"quotactl", EPERM, "disk quotas are machine-wide"},
    {"quotactl_fd", EPERM, "disk quotas are machine-wide"},
    {"iopl", EPERM, "raw I/O port access"},
    {"ioperm", EPERM, "raw I/O port access"},
    {"name_to_handle_at", EPERM, "file handles bypass path checks (the shocker escape)"},
    {"open_by_handle_at", EPERM, "file handles bypass path checks (the shocker escape)"},
    {"fanotify_init", EPERM, "watching the whole filesystem"},
    {"lookup_dcookie", EPERM, "kernel profiling interface"},
    {"vhangup", EPERM, "hanging up the controlling terminal"},
    {"uselib", EPERM, "obsolete loader call, kernel attack surface"},
    {"ustat", EPERM, "obsolete, leaks filesystem information"},
    {"sysfs", EPERM, "obsolete, leaks filesystem information"},
    {"nfsservctl", EPERM, "obsolete NFS server control"},
    {"setsid", EPERM,
     "leaving the run's process group, by which sbx kills every process of a run without a pid "
     "namespace"},
    {"setpgid", EPERM,
     "leaving the run's process group, by which sbx kills every process of a run without a pid "
     "namespace"},
    {"move_pages", EPERM, "moving other processes' pages between NUMA nodes"},
    {"migrate_pages", EPERM, "moving other processes' pages between NUMA nodes"},
    /* System V IPC and POSIX message queues: without an IPC namespace they
     * are the host's, shared with every process of the user (attach the
     * user's shared memory, steal a queued message), and what is created
     * stays after the run. Denied in every mode, namespaces or not, so the
     * filter is one and the same; python3, java and Rscript do not use them
     * (Python's multiprocessing uses POSIX semaphores in /dev/shm). */
    {"shmget", EPERM, "System V shared memory outlives the run and is the user's"},
    {"shmat", EPERM, "System V shared memory outlives the run and is the user's"},
    {"shmctl", EPERM, "System V shared memory outlives the run and is the user's"},
    {"shmdt", EPERM, "System V shared memory outlives the run and is the user's"},
    {"msgget", EPERM, "System V message queues outlive the run and are the user's"},
    {"msgsnd", EPERM, "System V message queues outlive the run and are the user's"},
    {"msgrcv", EPERM, "System V message queues outlive the run and are the user's"},
    {"msgctl", EPERM, "System V message queues outlive the run and are the user's"},
    {"semget", EPERM, "System V semaphores outlive the run and are the user's"},
    {"semop", EPERM, "System V semaphores outlive the run and are the user's"},
    {"semtimedop", EPERM, "System V semaphores outlive the run and are the user's"},
    {"semctl", EPERM, "System V semaphores outlive the run and are the user's"},
    {"ipc", EPERM, "the System V IPC multiplexer (architectures that have it)"},
    {"mq_open", EPERM, "POSIX message queues outlive the run and count against the user's limit"},
    {"mq_unlink", EPERM, "POSIX message queues outlive the run"},
    {"mq_timedsend", EPERM, "POSIX message queues outlive the run"},
    {"mq_timedreceive", EPERM, "POSIX message queues outlive the run"},
    {"mq_notify", EPERM, "POSIX message queues outlive the run"},
    {"mq_getsetattr", EPERM, "POSIX message queues outlive the run"},
    /* Memory that RLIMIT_AS does not see once unmapped, and that only a
     * cgroup would count: a memfd can be grown to gigabytes under -m 64M.
     * The interpreters do not need it (the JVM only for ZGC, which sbx
     * does not select). */
    {"memfd_create", EPERM, "anonymous files escape the address-space limit"},
    {"memfd_secret", EPERM, "secret memory escapes the address-space limit"},
    /* inotify instances are a per-user kernel limit (128 by default) that
     * a root-created user namespace charges to root: a run holding them
     * all breaks file watching for the user's other programs. fanotify is
     * denied above. */
    {"inotify_init", EPERM, "inotify instances are a per-user limit shared with the host"},
    {"inotify_init1", EPERM, "inotify instances are a per-user limit shared with the host"},
    /* glibc tries clone3 first and falls back to clone on ENOSYS; clone3's
     * flags are in memory, which seccomp cannot inspect, so the namespace
     * check below only works on clone. */
    {"clone3", ENOSYS, "flags in memory cannot be checked; libc falls back to clone"},
};

/* clone(2) flags that would create namespaces (a large attack surface even
 * without privileges). CLONE_NEWTIME is absent: for clone() that bit is part
 * of the exit-signal byte. */
static const unsigned long clone_ns_flags[] = {
    CLONE_NEWNS,  CLONE_NEWUSER, CLONE_NEWPID,	  CLONE_NEWNET,
    CLONE_NEWIPC, CLONE_NEWUTS,	 CLONE_NEWCGROUP,
};

static int deny_rule(scmp_filter_ctx ctx, const char *name, int err, unsigned n,
		     const struct scmp_arg_cmp *cmp)
{
	int nr = seccomp_syscall_resolve_name(name);
	int rc;
	if (nr == __NR_SCMP_ERROR)
		return 0; /* not on this architecture: nothing to deny */
	rc = seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO((unsigned)err), nr, n, cmp);
	if (rc < 0)
		return error("seccomp: cannot add the rule for %s: %s", name, strerror(-rc));
	return 0;
}

static int add_rules(scmp_filter_ctx ctx)
{
	size_t i;

	/* A filter for another architecture's calling convention (i386 int 0x80
	 * with its socketcall multiplexer, x32) would sidestep every argument
	 * check below: such calls kill the process. */
	if (seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS) < 0)
		return error("seccomp: cannot set the bad-architecture action");

	for (i = 0; i < sizeof(deny_always) / sizeof(deny_always[0]); i++)
		if (deny_rule(ctx, deny_always[i].name, deny_always[i].err, 0, NULL) < 0)
			return -1;

	/* No network even without a network namespace: socket() fails with
	 * EAFNOSUPPORT for every family (inet, inet6, netlink, packet, vsock,
	 * bluetooth...), which runtimes already handle as "no such family".
	 * AF_UNIX too: without namespaces the code runs as the user's uid
	 * (or, as root, next to world-writable sockets) and Landlock does not
	 * govern connect() to a pathname socket, so a named socket would reach
	 * the user's ssh-agent, D-Bus or docker.sock (found by the escape
	 * corpus). glibc falls back from nscd to files when socket() fails.
	 * socketpair() stays for local IPC (asyncio, multiprocessing), stream
	 * and seqpacket only: a datagram pair (SOCK_DGRAM, and SOCK_RAW, which
	 * AF_UNIX turns into a datagram socket) can sendto() a named socket
	 * such as /dev/log, and sendmsg()'s address is in memory where seccomp
	 * cannot look. Every socket type but those two is refused: the type's
	 * low four bits, whatever SOCK_CLOEXEC/SOCK_NONBLOCK are set above
	 * them. A stream or seqpacket socket ignores or refuses an address. */
	{
		struct scmp_arg_cmp not_unix = SCMP_A0(SCMP_CMP_NE, AF_UNIX);
		unsigned type;
		if (deny_rule(ctx, "socket", EAFNOSUPPORT, 0, NULL) < 0 ||
		    deny_rule(ctx, "socketpair", EAFNOSUPPORT, 1, &not_unix) < 0)
			return -1;
		for (type = 0; type <= 0xf; type++) {
			struct scmp_arg_cmp t = SCMP_A1(SCMP_CMP_MASKED_EQ, 0xf, type);
			if (type == SOCK_STREAM || type == SOCK_SEQPACKET)
				continue;
			if (deny_rule(ctx, "socketpair", EPROTONOSUPPORT, 1, &t) < 0)
				return -1;
		}
	}
	/* sendto() with an address: only datagram sockets use one, and the
	 * code can make none; a socket it was handed (none, today) must not
	 * reach a named socket either. send() passes a NULL address. */
	{
		struct scmp_arg_cmp addr = SCMP_A4(SCMP_CMP_NE, 0);
		if (deny_rule(ctx, "sendto", EPERM, 1, &addr) < 0)
			return -1;
	}
	/* F_SETPIPE_SZ grows a pipe to 1 MiB: kernel memory that RLIMIT_AS
	 * does not count, charged to the user's pipe-user-pages-soft (past it
	 * the user's other new pipes shrink to two pages). Pipes keep their
	 * default size. */
	{
		struct scmp_arg_cmp setpipe = SCMP_A1(SCMP_CMP_EQ, F_SETPIPE_SZ);
		if (deny_rule(ctx, "fcntl", EPERM, 1, &setpipe) < 0)
			return -1;
	}

	/* clone with any namespace flag: one rule per flag, since a rule can
	 * test an argument only once. fork-style clones still work. */
	for (i = 0; i < sizeof(clone_ns_flags) / sizeof(clone_ns_flags[0]); i++) {
		struct scmp_arg_cmp has_flag =
		    SCMP_A0(SCMP_CMP_MASKED_EQ, clone_ns_flags[i], clone_ns_flags[i]);
		if (deny_rule(ctx, "clone", EPERM, 1, &has_flag) < 0)
			return -1;
	}

	/* TIOCSTI pushes characters into the terminal's input queue: typed
	 * commands in the user's shell after sbx exits (CVE-2017-5226).
	 * TIOCLINUX can do the same on a virtual console. The kernel compares
	 * only the low 32 bits of the command, so mask them (CVE-2019-10063). */
	{
		struct scmp_arg_cmp sti = SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffu, TIOCSTI);
		struct scmp_arg_cmp lnx = SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffu, TIOCLINUX);
		if (deny_rule(ctx, "ioctl", EPERM, 1, &sti) < 0 ||
		    deny_rule(ctx, "ioctl", EPERM, 1, &lnx) < 0)
			return -1;
	}
	return 0;
}

int seccomp_interp_build(struct seccomp_prog *out)
{
	scmp_filter_ctx ctx;
	int fd = -1, rc = -1;
	off_t size;
	ssize_t got;

	memset(out, 0, sizeof(*out));
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (!ctx)
		return error("seccomp: cannot initialise libseccomp");
	if (add_rules(ctx) < 0)
		goto out;
	fd = memfd_create("sbx-seccomp", MFD_CLOEXEC);
	if (fd < 0) {
		error("seccomp: memfd_create: %s", strerror(errno));
		goto out;
	}
	if (seccomp_export_bpf(ctx, fd) < 0) {
		error("seccomp: cannot export the interpreter filter");
		goto out;
	}
	size = lseek(fd, 0, SEEK_END);
	if (size <= 0 || size % (off_t)sizeof(struct sock_filter) != 0 ||
	    size / (off_t)sizeof(struct sock_filter) > BPF_MAXINSNS) {
		error("seccomp: the exported filter has an unexpected size (%lld bytes)",
		      (long long)size);
		goto out;
	}
	out->filter = xmalloc((size_t)size);
	got = pread(fd, out->filter, (size_t)size, 0);
	if (got != size) {
		error("seccomp: cannot read the exported filter back");
		free(out->filter);
		out->filter = NULL;
		goto out;
	}
	out->len = (unsigned short)(size / (off_t)sizeof(struct sock_filter));
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	seccomp_release(ctx);
	return rc;
}
