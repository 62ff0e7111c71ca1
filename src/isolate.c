/* isolate — see isolate.h for the sequence and the identity design. */
#include "isolate.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <grp.h>
#include <linux/capability.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "landlock.h"
#include "util.h"

#define NS_CLONE_FLAGS                                                                             \
	(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS)
#define NEWROOT "/tmp" /* where the new root is assembled (our mount ns only) */

/* Top-level directories: symlinks on merged-/usr systems (copied as links),
 * real directories elsewhere (bound read-only). */
static const char *const top_dirs[] = {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"};

/* /etc pieces the interpreters read; everything else in /etc stays out
 * (shadow, ssh keys, the host's passwd). A trailing '*' is a glob. */
static const char *const etc_pieces[] = {
    "/etc/ld.so.cache",	  /* the dynamic loader's library index */
    "/etc/alternatives",  /* /usr/bin/java etc. are links through here */
    "/etc/java-*",	  /* JDK config: security, logging, jvm.cfg */
    "/etc/R",		  /* Renviron, Rprofile.site, repositories */
    "/etc/localtime",	  /* the time zone */
    "/etc/ssl",		  /* CA certificates (TLS libraries open them at start) */
    "/etc/nsswitch.conf", /* how getpwuid() finds the generated passwd */
    "/etc/python3*",	  /* sitecustomize for Debian's python3 */
    "/etc/fonts",	  /* fontconfig, for R and Java graphics */
    "/etc/mime.types",	  /* python's mimetypes and Java's content types */
    "/etc/matplotlibrc*", /* Debian's matplotlib refuses to import without it */
};

/* Device nodes a program may use: the data sinks and sources. */
static const char *const dev_nodes[] = {"/dev/null", "/dev/zero", "/dev/full", "/dev/random",
					"/dev/urandom"};

static void note_add(struct isolate_state *st, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void note_add(struct isolate_state *st, const char *fmt, ...)
{
	size_t len = strlen(st->note);
	va_list ap;
	if (len && len + 2 < sizeof(st->note)) {
		memcpy(st->note + len, "; ", 3);
		len += 2;
	}
	if (len >= sizeof(st->note) - 1)
		return;
	va_start(ap, fmt);
	vsnprintf(st->note + len, sizeof(st->note) - len, fmt, ap);
	va_end(ap);
}

static int add_entry(struct isolate_state *st, const char *path, enum isolate_entry_kind kind)
{
	struct isolate_entry *e;
	struct stat sb;
	if (st->nentries >= ISOLATE_MAX_MOUNTS || strlen(path) >= sizeof(e->path))
		return -1;
	if (lstat(path, &sb) < 0)
		return 0; /* not on this system */
	e = &st->entries[st->nentries];
	memset(e, 0, sizeof(*e));
	memcpy(e->path, path, strlen(path) + 1);
	if (S_ISLNK(sb.st_mode) && kind != ISO_BIND_DEV) {
		ssize_t n = readlink(path, e->target, sizeof(e->target) - 1);
		if (n <= 0 || (size_t)n >= sizeof(e->target) - 1)
			return 0;
		e->target[n] = '\0';
		e->kind = ISO_SYMLINK;
	} else {
		e->kind = (unsigned char)kind;
		e->is_dir = S_ISDIR(sb.st_mode);
	}
	st->nentries++;
	return 0;
}

static void plan_root(struct isolate_state *st)
{
	size_t i;
	st->nentries = 0;
	/* /usr: the interpreters and their libraries, read-only. */
	add_entry(st, "/usr", ISO_BIND_RO);
	for (i = 0; i < sizeof(top_dirs) / sizeof(top_dirs[0]); i++)
		add_entry(st, top_dirs[i], ISO_BIND_RO);
	for (i = 0; i < sizeof(etc_pieces) / sizeof(etc_pieces[0]); i++) {
		glob_t g;
		size_t k;
		if (!strchr(etc_pieces[i], '*')) {
			add_entry(st, etc_pieces[i], ISO_BIND_RO);
			continue;
		}
		if (glob(etc_pieces[i], GLOB_NOSORT, NULL, &g) == 0)
			for (k = 0; k < g.gl_pathc; k++)
				add_entry(st, g.gl_pathv[k], ISO_BIND_RO);
		globfree(&g);
	}
	for (i = 0; i < sizeof(dev_nodes) / sizeof(dev_nodes[0]); i++)
		add_entry(st, dev_nodes[i], ISO_BIND_DEV);
}

/* Gives the workdir tree to the run's uid (sbx as root only). The tree was
 * just written by sbx itself; links are never followed. */
static int chown_tree(int dirfd, uid_t uid, gid_t gid, int depth)
{
	DIR *d;
	struct dirent *de;
	int rc = 0;
	if (depth > 32)
		return -1;
	d = fdopendir(dirfd);
	if (!d) {
		close(dirfd);
		return -1;
	}
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (fchownat(dirfd, de->d_name, uid, gid, AT_SYMLINK_NOFOLLOW) < 0)
			rc = -1;
		if (de->d_type == DT_DIR) {
			int sub = openat(dirfd, de->d_name,
					 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub < 0 || chown_tree(sub, uid, gid, depth + 1) < 0)
				rc = -1;
		}
	}
	closedir(d);
	return rc;
}

static bool env_flag(const char *name)
{
	const char *v = getenv(name);
	return v && *v && strcmp(v, "0") != 0;
}

int isolate_prepare(const struct request *req, const struct sandbox_plan *plan,
		    struct isolate_state *st)
{
	const char *reason = NULL;
	char why[200] = "";

	memset(st, 0, sizeof(*st));
	st->sync_fd = -1;
	st->require = req->require;
	st->workdir = plan->workdir;
	st->gated = plan->gated;
	if (plan->workdir) {
		/* The step runs in a subdirectory of the run directory (the
		 * code's working directory; javac in sbx's private files): the
		 * sandbox gets the whole run directory. */
		const char *run_dir = plan->rundir ? plan->rundir : plan->workdir;
		size_t len = strlen(run_dir);
		if (len >= sizeof(st->run_dir)) {
			snprintf(st->note, sizeof(st->note), "working directory path too long");
			return -1;
		}
		memcpy(st->run_dir, run_dir, len);
		st->run_dir[len] = '\0';
		st->workdir = st->run_dir;
	}
	st->want = LAYER_SECCOMP | LAYER_RLIMITS | LAYER_NAMESPACES | LAYER_LANDLOCK | LAYER_CGROUP;
	st->is_root = geteuid() == 0;
	if (st->is_root) {
		st->host_uid = (uid_t)(ISOLATE_UID_BASE + (unsigned)getpid());
		st->host_gid = (gid_t)st->host_uid;
	} else {
		st->host_uid = geteuid();
		st->host_gid = getegid();
	}

	if (env_flag("SBX_NO_NAMESPACES")) {
		st->want &= ~LAYER_NAMESPACES;
		note_add(st, "namespaces off (SBX_NO_NAMESPACES=1)");
		if (st->require & LAYER_NAMESPACES) {
			snprintf(st->note, sizeof(st->note),
				 "--require namespaces: SBX_NO_NAMESPACES=1 turns them off");
			return -2;
		}
	}

	st->landlock_abi = landlock_abi_version(&reason);
	if (!st->landlock_abi) {
		st->want &= ~LAYER_LANDLOCK;
		note_add(st, "no Landlock: %s", reason);
		if (st->require & LAYER_LANDLOCK) {
			snprintf(st->note, sizeof(st->note), "--require landlock: %s", reason);
			return -2;
		}
	}

	/* A cgroup gives a memory limit that works for the JVM, a pids limit
	 * and a complete kill. Named after our pid: unique among live runs. */
	{
		char tag[48];
		snprintf(tag, sizeof(tag), "sbx-%d", (int)getpid());
		if (cgroup_create(&st->cg, tag, req->limits.memory_bytes, req->limits.cpu_ms != 0,
				  why, sizeof(why)) == 0) {
			st->cgroup = st->cg.kind;
			snprintf(st->cgroup_path, sizeof(st->cgroup_path), "%s", st->cg.mem);
		} else {
			st->want &= ~LAYER_CGROUP;
			note_add(st, "no cgroup: %s", why);
			if (st->require & LAYER_CGROUP) {
				snprintf(st->note, sizeof(st->note), "--require cgroup: %s", why);
				return -2;
			}
		}
	}

	plan_root(st);
	for (size_t i = 0; plan->ro_dirs && plan->ro_dirs[i]; i++) {
		if (i >= ISOLATE_MAX_EXTRA || strlen(plan->ro_dirs[i]) >= sizeof(st->extra[0]) ||
		    plan->ro_dirs[i][0] != '/') {
			snprintf(st->note, sizeof(st->note),
				 "cannot show %s in the sandbox: too many directories or the path "
				 "is too long",
				 plan->ro_dirs[i]);
			cgroup_destroy(&st->cg);
			return -1;
		}
		memcpy(st->extra[i], plan->ro_dirs[i], strlen(plan->ro_dirs[i]) + 1);
		st->nextra = (unsigned)i + 1;
	}
	snprintf(st->passwd, sizeof(st->passwd), "sandbox:x:%u:%u:sandbox:%s:/usr/sbin/nologin\n",
		 ISOLATE_INSIDE_ID, ISOLATE_INSIDE_ID, plan->workdir ? plan->workdir : "/");
	snprintf(st->group, sizeof(st->group), "sandbox:x:%u:\n", ISOLATE_INSIDE_ID);

	/* The run's uid must own its working directory. */
	if (st->is_root && st->workdir) {
		int fd = open(st->workdir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 || fchown(fd, st->host_uid, st->host_gid) < 0 ||
		    chown_tree(fd, st->host_uid, st->host_gid, 0) < 0) {
			snprintf(st->note, sizeof(st->note),
				 "cannot hand the working directory %s to the sandbox uid: %s",
				 plan->workdir, strerror(errno));
			cgroup_destroy(&st->cg);
			return -1;
		}
	}
	return 0;
}

/* ---- the child, between clone and the return of isolate_spawn ---- */

/* Reports a failed step to the parent and exits. Only async-signal-safe
 * calls: the parent turns this into the note. */
static _Noreturn void child_abort(int status_fd, const char *step)
{
	char msg[200], num[12];
	int e = errno, k = 0;
	size_t n = strlen(step), len = 0;
	if (n > 150)
		n = 150;
	msg[len++] = 'E';
	memcpy(msg + len, step, n);
	len += n;
	msg[len++] = ':';
	/* errno in decimal, by hand: no stdio between clone and exec */
	do {
		num[k++] = (char)('0' + e % 10);
		e /= 10;
	} while (e > 0 && k < 11);
	while (k > 0)
		msg[len++] = num[--k];
	(void)!write(status_fd, msg, len);
	_exit(125);
}

static int mkdir_p(char *path, mode_t mode)
{
	char *p;
	for (p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, mode) < 0 && errno != EEXIST) {
			*p = '/';
			return -1;
		}
		*p = '/';
	}
	if (mkdir(path, mode) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

/* The flags a bind mount inherits that a user namespace locks: a remount
 * that drops them fails with EPERM, so they are carried over. */
static unsigned long locked_flags(const char *path)
{
	struct statvfs sv;
	unsigned long f = 0;
	if (statvfs(path, &sv) < 0)
		return 0;
	if (sv.f_flag & ST_NOSUID)
		f |= MS_NOSUID;
	if (sv.f_flag & ST_NODEV)
		f |= MS_NODEV;
	if (sv.f_flag & ST_NOEXEC)
		f |= MS_NOEXEC;
	if (sv.f_flag & ST_NOATIME)
		f |= MS_NOATIME;
	if (sv.f_flag & ST_NODIRATIME)
		f |= MS_NODIRATIME;
	if (sv.f_flag & ST_RELATIME)
		f |= MS_RELATIME;
	return f;
}

/* dst = NEWROOT + path, into buf. */
static char *in_root(char *buf, size_t len, const char *path)
{
	size_t a = strlen(NEWROOT), b = strlen(path);
	if (a + b + 1 > len)
		return NULL;
	memcpy(buf, NEWROOT, a);
	memcpy(buf + a, path, b + 1);
	return buf;
}

static int make_mountpoint(char *dst, bool is_dir)
{
	char *slash = strrchr(dst, '/');
	int fd;
	if (slash && slash != dst) {
		*slash = '\0';
		if (mkdir_p(dst, 0755) < 0) {
			*slash = '/';
			return -1;
		}
		*slash = '/';
	}
	if (is_dir)
		return mkdir(dst, 0755) < 0 && errno != EEXIST ? -1 : 0;
	fd = open(dst, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	size_t len = strlen(text);
	if (fd < 0)
		return -1;
	if (write(fd, text, len) != (ssize_t)len) {
		close(fd);
		return -1;
	}
	return close(fd);
}

/* Binds the directory or file open as fd at path in the new root,
 * read-only. */
static void bind_extra(int status_fd, const char *path, int fd)
{
	char dst[512], src[64];
	struct stat sb;
	if (fstat(fd, &sb) < 0 || !in_root(dst, sizeof(dst), path) ||
	    make_mountpoint(dst, S_ISDIR(sb.st_mode)) < 0)
		child_abort(status_fd, path);
	snprintf(src, sizeof(src), "/proc/self/fd/%d", fd);
	if (mount(src, dst, NULL, MS_BIND, NULL) < 0 ||
	    mount(NULL, dst, NULL,
		  MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | locked_flags(path),
		  NULL) < 0)
		child_abort(status_fd, path);
	close(fd);
}

static void build_root(const struct isolate_state *st, int status_fd, int wfd, const int *efd)
{
	char dst[512], src[64];
	unsigned i;

	/* Our mounts stay ours and the host's later mounts stay out. */
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		child_abort(status_fd, "making mounts private");
	/* The new root: an empty tmpfs, made read-only once filled. */
	if (mount("sbx-root", NEWROOT, "tmpfs", MS_NOSUID | MS_NODEV,
		  "mode=0755,size=1m,nr_inodes=" ISOLATE_ROOT_INODES) < 0)
		child_abort(status_fd, "mounting the root tmpfs");

	for (i = 0; i < st->nentries; i++) {
		const struct isolate_entry *e = &st->entries[i];
		if (!in_root(dst, sizeof(dst), e->path))
			child_abort(status_fd, "path too long");
		if (e->kind == ISO_SYMLINK) {
			/* merged /usr (bin -> usr/bin) and /etc/localtime: same link */
			if (make_mountpoint(dst, true) < 0 || rmdir(dst) < 0 ||
			    symlink(e->target, dst) < 0)
				child_abort(status_fd, e->path);
			continue;
		}
		if (make_mountpoint(dst, e->is_dir) < 0)
			child_abort(status_fd, e->path);
		/* Bind the host's copy; not recursive, so nothing mounted below it
		 * (and nothing writable) comes along. */
		if (mount(e->path, dst, NULL, MS_BIND, NULL) < 0)
			child_abort(status_fd, e->path);
		if (e->kind == ISO_BIND_RO) {
			/* Read-only, no set-uid, no devices. */
			if (mount(NULL, dst, NULL,
				  MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV |
				      locked_flags(e->path),
				  NULL) < 0)
				child_abort(status_fd, e->path);
		} else {
			/* A device node: usable (so no nodev), but nothing to run. */
			if (mount(NULL, dst, NULL,
				  MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NOEXEC |
				      locked_flags(e->path),
				  NULL) < 0)
				child_abort(status_fd, e->path);
		}
	}

	/* The generated passwd/group: Java and R ask getpwuid() for a home;
	 * the host's files (user names) stay out. */
	if (!in_root(dst, sizeof(dst), "/etc/passwd") || make_mountpoint(dst, false) < 0 ||
	    write_file(dst, st->passwd) < 0)
		child_abort(status_fd, "/etc/passwd");
	if (!in_root(dst, sizeof(dst), "/etc/group") || write_file(dst, st->group) < 0)
		child_abort(status_fd, "/etc/group");

	/* /dev/fd and the std links: shells and some runtimes open them. */
	in_root(dst, sizeof(dst), "/dev/fd");
	if (make_mountpoint(dst, true) < 0 || rmdir(dst) < 0 || symlink("/proc/self/fd", dst) < 0)
		child_abort(status_fd, "/dev/fd");
	in_root(dst, sizeof(dst), "/dev/stdin");
	(void)!symlink("/proc/self/fd/0", dst);
	in_root(dst, sizeof(dst), "/dev/stdout");
	(void)!symlink("/proc/self/fd/1", dst);
	in_root(dst, sizeof(dst), "/dev/stderr");
	(void)!symlink("/proc/self/fd/2", dst);
	/* /dev/shm: POSIX semaphores (python multiprocessing); private to the
	 * run, so no channel to other runs. */
	in_root(dst, sizeof(dst), "/dev/shm");
	if (make_mountpoint(dst, true) < 0 ||
	    mount("sbx-shm", dst, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC,
		  "mode=1777,size=16m,nr_inodes=" ISOLATE_SHM_INODES) < 0)
		child_abort(status_fd, "/dev/shm");

	/* A fresh /proc for the new pid namespace: only the sandbox's own
	 * processes are in it (not sbx, not the host). */
	in_root(dst, sizeof(dst), "/proc");
	if (make_mountpoint(dst, true) < 0 ||
	    mount("proc", dst, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) < 0)
		child_abort(status_fd, "mounting /proc");

	/* A private, size-capped /tmp (the JVM writes there). */
	in_root(dst, sizeof(dst), "/tmp");
	if (make_mountpoint(dst, true) < 0 ||
	    mount("sbx-tmp", dst, "tmpfs", MS_NOSUID | MS_NODEV,
		  "mode=1777,size=" ISOLATE_TMP_SIZE ",nr_inodes=" ISOLATE_TMP_INODES) < 0)
		child_abort(status_fd, "mounting /tmp");

	/* The interpreter's own directories (a virtualenv), read-only, after
	 * /tmp in case they are below it; opened before the uid switch, since
	 * the sandbox uid may not be able to walk to them (a 0700 home). */
	for (unsigned k = 0; k < st->nextra; k++)
		bind_extra(status_fd, st->extra[k], efd[k]);

	/* The work directory, writable, at the same path as outside (so paths
	 * sbx hands to the interpreter hold), after /tmp in case it is below. */
	if (st->workdir && wfd >= 0) {
		if (!in_root(dst, sizeof(dst), st->workdir) || mkdir_p(dst, 0755) < 0)
			child_abort(status_fd, "creating the working directory's mount point");
		snprintf(src, sizeof(src), "/proc/self/fd/%d", wfd);
		if (mount(src, dst, NULL, MS_BIND, NULL) < 0)
			child_abort(status_fd, "binding the working directory");
		if (mount(NULL, dst, NULL,
			  MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NODEV | locked_flags(st->workdir),
			  NULL) < 0)
			child_abort(status_fd, "remounting the working directory");
		close(wfd);
	}

	/* Nothing can be added to the root any more. */
	if (mount(NULL, NEWROOT, NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, "mode=0755") <
	    0)
		child_abort(status_fd, "making the root read-only");

	/* Switch: pivot_root(".", ".") stacks the old root on the new one;
	 * detaching it leaves no way back to the host's files. */
	if (chdir(NEWROOT) < 0 || syscall(SYS_pivot_root, ".", ".") < 0)
		child_abort(status_fd, "pivot_root");
	if (umount2(".", MNT_DETACH) < 0 || chdir("/") < 0)
		child_abort(status_fd, "detaching the old root");
	/* Its own host name, not the machine's. */
	(void)!sethostname("sbx", 3);
}

/* Becomes the sandbox user. Inside a fresh user namespace the capabilities
 * survive (the namespace's root uid is not mapped, so the kernel's "leaving
 * uid 0" rule does not fire): enough to build the root, and gone at execve
 * since the process is not root in its namespace. */
static int become_sandbox_user(uid_t uid, gid_t gid, bool drop_groups)
{
	if (drop_groups && setgroups(0, NULL) < 0)
		return -1;
	if (setresgid(gid, gid, gid) < 0 || setresuid(uid, uid, uid) < 0)
		return -1;
	return 0;
}

static int write_proc(pid_t pid, const char *file, const char *text)
{
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, file);
	return write_file(path, text);
}

/* Waits for the parent's go-ahead: 'g'. EOF means sbx died or gave up. */
static void child_wait_go(int go_fd)
{
	char c = 0;
	ssize_t n;
	do
		n = read(go_fd, &c, 1);
	while (n < 0 && errno == EINTR);
	if (n != 1 || c != 'g')
		_exit(125);
	close(go_fd);
}

static pid_t reap_now(pid_t pid)
{
	int ws;
	kill(pid, SIGKILL);
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	return -1;
}

/* One attempt with namespaces. Returns the pid, or -1 with the reason in
 * the note (the child, if any, is reaped). */
static pid_t spawn_ns(struct isolate_state *st)
{
	int go[2] = {-1, -1}, status[2] = {-1, -1};
	char map[64], buf[200];
	pid_t pid;
	ssize_t n;
	int wfd = -1;
	int efd[ISOLATE_MAX_EXTRA];

	if (pipe2(go, O_CLOEXEC) < 0 || pipe2(status, O_CLOEXEC) < 0) {
		note_add(st, "pipe: %s", strerror(errno));
		goto fail_pipes;
	}
	/* Raw clone: fork semantics (same stack, copy of memory) plus the new
	 * namespaces in one step, so the child is pid 1 of its own pid
	 * namespace and everything it starts dies with it. */
	pid = (pid_t)syscall(SYS_clone, (unsigned long)NS_CLONE_FLAGS | SIGCHLD, 0, 0, 0, 0);
	if (pid < 0) {
		note_add(st, "no namespaces (clone: %s)", strerror(errno));
		goto fail_pipes;
	}
	if (pid == 0) {
		close(go[1]);
		close(status[0]);
		/* Die with sbx from the first instant. */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		child_wait_go(go[0]);
		/* The work directory, opened in the new mount namespace (a bind
		 * source must be in it) and before the uid switch: the sandbox
		 * uid may not be able to walk there (a state directory under a
		 * 0700 home). The new /tmp covers it too: bound by fd. */
		if (st->workdir) {
			wfd = open(st->workdir, O_PATH | O_DIRECTORY | O_CLOEXEC);
			if (wfd < 0)
				child_abort(status[1], "opening the working directory");
		}
		for (unsigned k = 0; k < st->nextra; k++)
			if ((efd[k] = open(st->extra[k], O_PATH | O_CLOEXEC)) < 0)
				child_abort(status[1], st->extra[k]);
		if (become_sandbox_user(ISOLATE_INSIDE_ID, ISOLATE_INSIDE_ID, st->is_root) < 0)
			child_abort(status[1], "switching to the sandbox uid");
		build_root(st, status[1], wfd, efd);
		if (write(status[1], "K", 1) != 1)
			_exit(125);
		close(status[1]);
		return 0;
	}
	close(go[0]);
	close(status[1]);
	go[0] = status[1] = -1;

	/* Only the sandbox's own id is mapped: nothing else on the host, and
	 * never root, exists inside. An unprivileged writer must give up
	 * setgroups first (else it could drop groups that deny access). */
	snprintf(map, sizeof(map), "%u %u 1\n", ISOLATE_INSIDE_ID, (unsigned)st->host_uid);
	if (write_proc(pid, "uid_map", map) < 0) {
		note_add(st, "no namespaces (uid_map: %s)", strerror(errno));
		goto fail_child;
	}
	if (!st->is_root && write_proc(pid, "setgroups", "deny") < 0) {
		note_add(st, "no namespaces (setgroups: %s)", strerror(errno));
		goto fail_child;
	}
	snprintf(map, sizeof(map), "%u %u 1\n", ISOLATE_INSIDE_ID, (unsigned)st->host_gid);
	if (write_proc(pid, "gid_map", map) < 0) {
		note_add(st, "no namespaces (gid_map: %s)", strerror(errno));
		goto fail_child;
	}
	if (st->cgroup && !st->gated && cgroup_attach(&st->cg, pid) < 0) {
		note_add(st, "cannot join the cgroup: %s", strerror(errno));
		goto fail_child;
	}
	if (write(go[1], "g", 1) != 1)
		goto fail_child;
	close(go[1]);
	go[1] = -1;
	do
		n = read(status[0], buf, sizeof(buf) - 1);
	while (n < 0 && errno == EINTR);
	if (n == 1 && buf[0] == 'K') {
		close(status[0]);
		return pid;
	}
	buf[n > 0 ? n : 0] = '\0';
	if (n > 1 && buf[0] == 'E') {
		char *colon = strrchr(buf, ':');
		int e = colon ? (int)strtol(colon + 1, NULL, 10) : 0;
		if (colon)
			*colon = '\0';
		note_add(st, "no namespaces (%s: %s)", buf + 1, strerror(e));
	} else {
		note_add(st, "no namespaces (the sandbox root could not be built)");
	}
fail_child:
	reap_now(pid);
fail_pipes:
	if (go[0] >= 0)
		close(go[0]);
	if (go[1] >= 0)
		close(go[1]);
	if (status[0] >= 0)
		close(status[0]);
	if (status[1] >= 0)
		close(status[1]);
	return -1;
}

pid_t isolate_spawn(const struct sandbox_plan *plan, struct isolate_state *st)
{
	int go[2];
	pid_t pid;
	(void)plan;

	if (st->want & LAYER_NAMESPACES) {
		pid = spawn_ns(st);
		if (pid >= 0) {
			/* both sides: the child's isolate_enter reads it too */
			st->namespaces = NS_USER | NS_MOUNT | NS_PID | NS_NET | NS_IPC | NS_UTS;
			return pid;
		}
		st->want &= ~LAYER_NAMESPACES;
	}
	if (st->require & LAYER_NAMESPACES) {
		/* Fail closed: nothing was let run. */
		errno = EPERM;
		return -1;
	}

	/* Without namespaces: the run is one process group, and the uid drop
	 * (as root) happens in isolate_enter. Without a cgroup either, sbx
	 * becomes a subreaper so that a daemon that escaped the process group
	 * comes back to it and can be killed. */
	st->drop_ids = st->is_root;
	if (!st->cgroup && !st->subreaper) {
		if (prctl(PR_SET_CHILD_SUBREAPER, 1) == 0)
			st->subreaper = true;
	}
	if (pipe2(go, O_CLOEXEC) < 0) {
		note_add(st, "pipe: %s", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		note_add(st, "fork: %s", strerror(errno));
		close(go[0]);
		close(go[1]);
		return -1;
	}
	if (pid == 0) {
		close(go[1]);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		child_wait_go(go[0]);
		return 0;
	}
	close(go[0]);
	st->pgid = pid; /* the child's setsid() makes it the group's leader */
	/* The child's own /proc entries, pinned before it grants them in
	 * Landlock (after the go-ahead): see procview.h. */
	if (st->landlock_abi > 0) {
		procview_pin(pid, st->proc_pins);
		st->proc_pinned = true;
	}
	/* Into the cgroup before it can run or fork (a gated run joins it in
	 * isolate_attach, before its gate opens). */
	if (st->cgroup && !st->gated && cgroup_attach(&st->cg, pid) < 0) {
		note_add(st, "cannot join the cgroup: %s", strerror(errno));
		close(go[1]);
		reap_now(pid);
		return -1;
	}
	if (write(go[1], "g", 1) != 1) {
		close(go[1]);
		reap_now(pid);
		return -1;
	}
	close(go[1]);
	return pid;
}

/* ---- the child, after stdio is wired ---- */

static int drop_capabilities(void)
{
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct d[2];
	int c;
	/* The bounding set first (needs CAP_SETPCAP, which we may have only
	 * inside our user namespace), then ambient, then the sets. */
	for (c = 0; c <= 63; c++)
		if (prctl(PR_CAPBSET_DROP, c, 0, 0, 0) < 0 && errno != EINVAL && errno != EPERM)
			return -1;
	prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
	memset(d, 0, sizeof(d));
	return (int)syscall(SYS_capset, &h, d);
}

int isolate_enter(const struct sandbox_plan *plan, struct isolate_state *st)
{
	struct landlock_path paths[ISOLATE_MAX_MOUNTS + PROCVIEW_MAX + 8 + ISOLATE_MAX_EXTRA];
	size_t n = 0;
	unsigned i;

	char wpath[32] = "", epath[ISOLATE_MAX_EXTRA][32];
	int wfd = -1, efd[ISOLATE_MAX_EXTRA];
	(void)plan;

	/* A session of its own: no controlling terminal, one group to kill. */
	setsid();
	if (st->drop_ids && st->workdir) {
		/* Opened before the uid switch, which may lose the way there; the
		 * Landlock rule reaches it through /proc/self/fd. */
		wfd = open(st->workdir, O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (wfd < 0)
			return -1;
		snprintf(wpath, sizeof(wpath), "/proc/self/fd/%d", wfd);
	}
	/* The interpreter's own directories, likewise (Landlock only: without
	 * a new root they are where they are on the host). */
	for (i = 0; i < st->nextra; i++) {
		efd[i] = st->drop_ids ? open(st->extra[i], O_PATH | O_CLOEXEC) : -1;
		snprintf(epath[i], sizeof(epath[i]), "/proc/self/fd/%d", efd[i]);
	}
	if (st->drop_ids && become_sandbox_user(st->host_uid, st->host_gid, true) < 0)
		return -1;
	/* Landlock needs it; execve never gains privileges afterwards. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		return -1;

	if (st->landlock_abi > 0) {
		/* The same paths as the namespace root: system files read-only,
		 * the work directory (and the private /tmp) writable. With a
		 * new root this is defense in depth; without, it is the wall. */
		for (i = 0; i < st->nentries && n < ISOLATE_MAX_MOUNTS; i++) {
			const struct isolate_entry *e = &st->entries[i];
			paths[n].path = e->path;
			paths[n++].access = e->kind == ISO_BIND_DEV ? LANDLOCK_DEV : LANDLOCK_RO;
		}
		/* /proc read-only: the JVM reads /proc/self. With a pid
		 * namespace it is a fresh /proc of the run's own processes; the
		 * host's /proc only in part (see procview.h). */
		if (st->namespaces) {
			paths[n].path = "/proc";
			paths[n++].access = LANDLOCK_RO;
		} else {
			procview_grants(paths, &n, sizeof(paths) / sizeof(paths[0]) - 4);
		}
		if (st->namespaces) {
			paths[n].path = "/etc"; /* only the pieces bound above */
			paths[n++].access = LANDLOCK_RO;
			paths[n].path = "/tmp"; /* the private tmpfs */
			paths[n++].access = LANDLOCK_RW;
			paths[n].path = "/dev/shm";
			paths[n++].access = LANDLOCK_RW;
		}
		if (st->workdir) {
			paths[n].path = wfd >= 0 ? wpath : st->workdir;
			paths[n++].access = LANDLOCK_RW;
		}
		for (i = 0; i < st->nextra; i++) {
			paths[n].path = efd[i] >= 0 ? epath[i] : st->extra[i];
			paths[n++].access = LANDLOCK_RO;
		}
		if (landlock_restrict(st->landlock_abi, paths, n) < 0)
			return -1;
	}
	if (wfd >= 0)
		close(wfd);
	for (i = 0; i < st->nextra; i++)
		if (efd[i] >= 0)
			close(efd[i]);
	if (drop_capabilities() < 0)
		return -1;
	/* Credential changes clear the parent-death signal: set it again. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	return 0;
}

/* ---- the parent, after the run ---- */

/* Processes whose parent is sbx (orphans handed to the subreaper) and that
 * are not in sbx's own session: SIGKILL and reap them. Returns how many. */
static int kill_orphans(pid_t skip)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	pid_t me = getpid(), mysid = getsid(0);
	int n = 0;
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char path[300], buf[512], *p;
		long pid, ppid, sid;
		int fd;
		ssize_t len;
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", de->d_name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		len = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (len <= 0)
			continue;
		buf[len] = '\0';
		/* "pid (comm) state ppid pgrp session": comm may hold spaces and
		 * parentheses, so parse from the last ')'. */
		p = strrchr(buf, ')');
		if (!p || sscanf(p + 1, " %*c %ld %*d %ld", &ppid, &sid) != 2)
			continue;
		pid = strtol(de->d_name, NULL, 10);
		if (ppid != me || sid == mysid || pid == skip)
			continue; /* skip: the main process, sandbox.c reaps it */
		kill((pid_t)pid, SIGKILL);
		waitpid((pid_t)pid, NULL, 0);
		n++;
	}
	closedir(d);
	return n;
}

/* As root without a pid namespace: every process of the run's own uid.
 * A helper with that uid sends kill(-1), which reaches exactly them. */
static void kill_uid(uid_t uid)
{
	int round;
	for (round = 0; round < 100; round++) {
		int ws = 0;
		pid_t h = fork();
		if (h < 0)
			return;
		if (h == 0) {
			if (setresgid(uid, uid, uid) < 0 || setgroups(0, NULL) < 0 ||
			    setresuid(uid, uid, uid) < 0)
				_exit(2);
			/* kill(-1) skips the caller; ESRCH: nothing left. */
			_exit(kill(-1, SIGKILL) < 0 && errno == ESRCH ? 0 : 1);
		}
		while (waitpid(h, &ws, 0) < 0 && errno == EINTR)
			;
		if (!WIFEXITED(ws) || WEXITSTATUS(ws) != 1)
			return;
	}
}

void isolate_kill(struct isolate_state *st, pid_t pid)
{
	int i;
	if (st->namespaces & NS_PID) {
		/* The pid namespace's init: its death takes every process of
		 * the namespace with it (the kernel SIGKILLs them). */
		if (pid > 0)
			kill(pid, SIGKILL);
		return;
	}
	/* The whole process group at once: the child called setsid() and the
	 * filter denies setsid/setpgid, so every descendant is in it. One
	 * group SIGKILL also catches a fork racing with it (the kernel
	 * restarts such a fork, which then dies), so a fork bomb cannot
	 * outrun this; repeat until the group is gone. */
	pid_t group = pid > 0 ? pid : st->pgid;
	for (i = 0; group > 0 && i < 100 && kill(-group, SIGKILL) == 0; i++)
		;
	if (st->cgroup)
		cgroup_kill_all(&st->cg);
	if (st->drop_ids)
		kill_uid(st->host_uid);
	if (st->subreaper)
		for (i = 0; i < 1000 && kill_orphans(pid) > 0; i++)
			;
}

int isolate_attach(struct isolate_state *st, pid_t pid)
{
	if (!st->cgroup)
		return 0;
	if (cgroup_attach(&st->cg, pid) == 0)
		return 0;
	note_add(st, "no cgroup (cannot join it: %s)", strerror(errno));
	cgroup_destroy(&st->cg);
	st->cgroup = NULL;
	return -1;
}

void isolate_finish(struct isolate_state *st, pid_t pid, struct sandbox_report *rep)
{
	(void)pid; /* reaped by now: only the run's group and cgroup are used */
	isolate_kill(st, -1);
	if (st->proc_pinned) {
		procview_unpin(st->proc_pins);
		st->proc_pinned = false;
	}
	if (st->cgroup) {
		st->memory_peak_kb = cgroup_memory_peak_kb(&st->cg);
		st->oom_killed = cgroup_oom_killed(&st->cg);
		cgroup_destroy(&st->cg);
	}
	rep->namespaces = st->namespaces;
	rep->landlock_abi = st->landlock_abi;
	rep->cgroup = st->cgroup;
	snprintf(rep->note, sizeof(rep->note), "%s", st->note);
}

int isolate_probe_namespaces(char *why, size_t whylen)
{
	struct isolate_state st;
	struct request req;
	struct sandbox_plan plan;
	pid_t pid;
	int ws = 0;

	memset(&req, 0, sizeof(req));
	memset(&plan, 0, sizeof(plan));
	memset(&st, 0, sizeof(st));
	st.want = LAYER_NAMESPACES;
	st.is_root = geteuid() == 0;
	st.host_uid = st.is_root ? (uid_t)(ISOLATE_UID_BASE + (unsigned)getpid()) : geteuid();
	st.host_gid = st.is_root ? (gid_t)st.host_uid : getegid();
	(void)req;
	plan_root(&st);
	snprintf(st.passwd, sizeof(st.passwd), "sandbox:x:65534:65534::/:/usr/sbin/nologin\n");
	snprintf(st.group, sizeof(st.group), "sandbox:x:65534:\n");
	fflush(NULL);
	pid = spawn_ns(&st);
	if (pid == 0)
		_exit(0);
	if (pid < 0) {
		snprintf(why, whylen, "%s", st.note);
		return -1;
	}
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	return 0;
}
