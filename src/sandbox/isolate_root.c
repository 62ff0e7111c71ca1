/* isolate_root — builds the run's root in the child, between the clone
 * and the go-ahead's answer: a read-only tmpfs holding the planned binds
 * (isolate_plan.c), generated /etc/passwd and /etc/group, a minimal /dev, a
 * fresh /proc, a private /tmp and /dev/shm, the interpreter's extra
 * directories and the work directory; then pivot_root away from the host's.
 *
 * Runs in the cloned child only: async-signal-safe calls, no allocation.
 * May call: libc. Called by isolate_ns.c.
 */
#include "sandbox/isolate.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox/isolate_int.h"

#define NEWROOT "/tmp" /* where the new root is assembled (our mount ns only) */

/* Reports a failed step to the parent and exits. Only async-signal-safe
 * calls: the parent turns this into the note. */
_Noreturn void isolate_child_abort(int status_fd, const char *step)
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

int isolate_write_file(const char *path, const char *text)
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
		isolate_child_abort(status_fd, path);
	snprintf(src, sizeof(src), "/proc/self/fd/%d", fd);
	if (mount(src, dst, NULL, MS_BIND, NULL) < 0 ||
	    mount(NULL, dst, NULL,
		  MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | locked_flags(path),
		  NULL) < 0)
		isolate_child_abort(status_fd, path);
	close(fd);
}

/* The subdirectory rel of the run directory bound at dst, writable on
 * top of its read-only parent (rel was checked on the host side before
 * the fork: rundir_open). */
static void bind_writable(int status_fd, const char *dst, const char *rel, unsigned long locked)
{
	char sub[PATH_MAX];
	if ((size_t)snprintf(sub, sizeof(sub), "%s/%s", dst, rel) >= sizeof(sub))
		isolate_child_abort(status_fd, "a writable directory's path is too long");
	int fd = open(sub, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	char src[64];
	snprintf(src, sizeof(src), "/proc/self/fd/%d", fd);
	if (fd < 0 || mount(src, sub, NULL, MS_BIND, NULL) < 0 ||
	    mount(NULL, sub, NULL, MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NODEV | locked, NULL) < 0)
		isolate_child_abort(status_fd, "binding a writable directory of the session");
	close(fd);
}

void isolate_build_root(const struct isolate_state *st, int status_fd, int wfd, const int *efd)
{
	char dst[512], src[64];
	unsigned i;

	/* Our mounts stay ours and the host's later mounts stay out. */
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		isolate_child_abort(status_fd, "making mounts private");
	/* The new root: an empty tmpfs, made read-only once filled. */
	if (mount("sbx-root", NEWROOT, "tmpfs", MS_NOSUID | MS_NODEV,
		  "mode=0755,size=1m,nr_inodes=" ISOLATE_ROOT_INODES) < 0)
		isolate_child_abort(status_fd, "mounting the root tmpfs");

	for (i = 0; i < st->nentries; i++) {
		const struct isolate_entry *e = &st->entries[i];
		if (!in_root(dst, sizeof(dst), e->path))
			isolate_child_abort(status_fd, "path too long");
		if (e->kind == ISO_SYMLINK) {
			/* merged /usr (bin -> usr/bin) and /etc/localtime: same link */
			if (make_mountpoint(dst, true) < 0 || rmdir(dst) < 0 ||
			    symlink(e->target, dst) < 0)
				isolate_child_abort(status_fd, e->path);
			continue;
		}
		if (make_mountpoint(dst, e->is_dir) < 0)
			isolate_child_abort(status_fd, e->path);
		/* Bind the host's copy; not recursive, so nothing mounted below it
		 * (and nothing writable) comes along. */
		if (mount(e->path, dst, NULL, MS_BIND, NULL) < 0)
			isolate_child_abort(status_fd, e->path);
		if (e->kind == ISO_BIND_RO) {
			/* Read-only, no set-uid, no devices. */
			if (mount(NULL, dst, NULL,
				  MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV |
				      locked_flags(e->path),
				  NULL) < 0)
				isolate_child_abort(status_fd, e->path);
		} else {
			/* A device node: usable (so no nodev), but nothing to run. */
			if (mount(NULL, dst, NULL,
				  MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NOEXEC |
				      locked_flags(e->path),
				  NULL) < 0)
				isolate_child_abort(status_fd, e->path);
		}
	}

	/* The generated passwd/group: Java and R ask getpwuid() for a home;
	 * the host's files (user names) stay out. */
	if (!in_root(dst, sizeof(dst), "/etc/passwd") || make_mountpoint(dst, false) < 0 ||
	    isolate_write_file(dst, st->passwd) < 0)
		isolate_child_abort(status_fd, "/etc/passwd");
	if (!in_root(dst, sizeof(dst), "/etc/group") || isolate_write_file(dst, st->group) < 0)
		isolate_child_abort(status_fd, "/etc/group");

	/* /dev/fd and the std links: shells and some runtimes open them. */
	in_root(dst, sizeof(dst), "/dev/fd");
	if (make_mountpoint(dst, true) < 0 || rmdir(dst) < 0 || symlink("/proc/self/fd", dst) < 0)
		isolate_child_abort(status_fd, "/dev/fd");
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
		isolate_child_abort(status_fd, "/dev/shm");

	/* A fresh /proc for the new pid namespace: only the sandbox's own
	 * processes are in it (not sbx, not the host). */
	in_root(dst, sizeof(dst), "/proc");
	if (make_mountpoint(dst, true) < 0 ||
	    mount("proc", dst, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) < 0)
		isolate_child_abort(status_fd, "mounting /proc");

	/* A private, size-capped /tmp (the JVM writes there). */
	in_root(dst, sizeof(dst), "/tmp");
	if (make_mountpoint(dst, true) < 0 ||
	    mount("sbx-tmp", dst, "tmpfs", MS_NOSUID | MS_NODEV,
		  "mode=1777,size=" ISOLATE_TMP_SIZE ",nr_inodes=" ISOLATE_TMP_INODES) < 0)
		isolate_child_abort(status_fd, "mounting /tmp");

	/* The interpreter's own directories (a virtualenv), read-only, after
	 * /tmp in case they are below it; opened before the uid switch, since
	 * the sandbox uid may not be able to walk to them (a 0700 home). */
	for (unsigned k = 0; k < st->nextra; k++)
		bind_extra(status_fd, st->extra[k], efd[k]);

	/* The work directory, writable, at the same path as outside (so paths
	 * sbx hands to the interpreter hold), after /tmp in case it is below. */
	if (st->workdir && wfd >= 0) {
		if (!in_root(dst, sizeof(dst), st->workdir) || mkdir_p(dst, 0755) < 0)
			isolate_child_abort(status_fd,
					    "creating the working directory's mount point");
		snprintf(src, sizeof(src), "/proc/self/fd/%d", wfd);
		if (mount(src, dst, NULL, MS_BIND, NULL) < 0)
			isolate_child_abort(status_fd, "binding the working directory");
		/* A session's run directory (rundir.h): read-only but for its
		 * writable subdirectories, each a mount point of its own, so
		 * that the code can neither rename nor replace what sbx
		 * writes to, even where it shares sbx's uid. */
		unsigned long ro = st->rw_dirs ? MS_RDONLY : 0;
		if (mount(NULL, dst, NULL,
			  MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NODEV | ro |
			      locked_flags(st->workdir),
			  NULL) < 0)
			isolate_child_abort(status_fd, "remounting the working directory");
		for (unsigned k = 0; st->rw_dirs && st->rw_dirs[k]; k++)
			bind_writable(status_fd, dst, st->rw_dirs[k], locked_flags(st->workdir));
		close(wfd);
	}

	/* Nothing can be added to the root any more. */
	if (mount(NULL, NEWROOT, NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, "mode=0755") <
	    0)
		isolate_child_abort(status_fd, "making the root read-only");

	/* Switch: pivot_root(".", ".") stacks the old root on the new one;
	 * detaching it leaves no way back to the host's files. */
	if (chdir(NEWROOT) < 0 || syscall(SYS_pivot_root, ".", ".") < 0)
		isolate_child_abort(status_fd, "pivot_root");
	if (umount2(".", MNT_DETACH) < 0 || chdir("/") < 0)
		isolate_child_abort(status_fd, "detaching the old root");
	/* Its own host name, not the machine's. */
	(void)!sethostname("sbx", 3);
}
