/* landlock — see landlock.h. Raw syscalls: no library needed. */
#include "sandbox/landlock.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Constants newer than Debian's linux/landlock.h (ABI 2). Values are the
 * kernel's UAPI and never change. */
#define LL_FS_EXECUTE		      (1ULL << 0)
#define LL_FS_WRITE_FILE	      (1ULL << 1)
#define LL_FS_READ_FILE		      (1ULL << 2)
#define LL_FS_READ_DIR		      (1ULL << 3)
#define LL_FS_REMOVE_DIR	      (1ULL << 4)
#define LL_FS_REMOVE_FILE	      (1ULL << 5)
#define LL_FS_MAKE_CHAR		      (1ULL << 6)
#define LL_FS_MAKE_DIR		      (1ULL << 7)
#define LL_FS_MAKE_REG		      (1ULL << 8)
#define LL_FS_MAKE_SOCK		      (1ULL << 9)
#define LL_FS_MAKE_FIFO		      (1ULL << 10)
#define LL_FS_MAKE_BLOCK	      (1ULL << 11)
#define LL_FS_MAKE_SYM		      (1ULL << 12)
#define LL_FS_REFER		      (1ULL << 13) /* ABI 2 */
#define LL_FS_TRUNCATE		      (1ULL << 14) /* ABI 3 */
#define LL_FS_IOCTL_DEV		      (1ULL << 15) /* ABI 5 */
#define LL_NET_BIND_TCP		      (1ULL << 0)  /* ABI 4 */
#define LL_NET_CONNECT_TCP	      (1ULL << 1)
#define LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0) /* ABI 6 */
#define LL_SCOPE_SIGNAL		      (1ULL << 1)
#define LL_CREATE_RULESET_VERSION     (1U << 0)

/* The ruleset attribute as of ABI 6. The kernel accepts a larger struct
 * than it knows as long as the unknown tail is zero, so older kernels are
 * fine with the fields we leave 0. */
struct ll_ruleset_attr {
	uint64_t handled_access_fs;
	uint64_t handled_access_net;
	uint64_t scoped;
};

struct ll_path_beneath {
	uint64_t allowed_access;
	int32_t parent_fd;
} __attribute__((packed));

int landlock_abi_version(const char **reason)
{
	long v = syscall(SYS_landlock_create_ruleset, NULL, 0, LL_CREATE_RULESET_VERSION);
	if (v > 0)
		return (int)v;
	if (reason) {
		if (errno == ENOSYS)
			*reason = "Landlock is not built into this kernel (needs Linux 5.13+ with "
				  "CONFIG_SECURITY_LANDLOCK)";
		else if (errno == EOPNOTSUPP)
			*reason = "Landlock is built in but disabled at boot (add landlock to the "
				  "lsm= kernel parameter)";
		else if (errno == EPERM)
			*reason = "a seccomp filter around sbx denies the Landlock system calls";
		else
			*reason = "the Landlock version query failed";
	}
	return 0;
}

/* Every filesystem right the ABI knows: handled rights are denied unless a
 * rule grants them, so handling all of them is what makes it default-deny. */
static uint64_t fs_handled(int abi)
{
	uint64_t a = LL_FS_EXECUTE | LL_FS_WRITE_FILE | LL_FS_READ_FILE | LL_FS_READ_DIR |
		     LL_FS_REMOVE_DIR | LL_FS_REMOVE_FILE | LL_FS_MAKE_CHAR | LL_FS_MAKE_DIR |
		     LL_FS_MAKE_REG | LL_FS_MAKE_SOCK | LL_FS_MAKE_FIFO | LL_FS_MAKE_BLOCK |
		     LL_FS_MAKE_SYM;
	if (abi >= 2)
		a |= LL_FS_REFER;
	if (abi >= 3)
		a |= LL_FS_TRUNCATE;
	if (abi >= 5)
		a |= LL_FS_IOCTL_DEV;
	return a;
}

/* The rights a rule grants; files only take the file rights (the kernel
 * refuses directory rights on a file with EINVAL). */
static uint64_t rule_rights(enum landlock_access acc, int is_dir, uint64_t handled)
{
	const uint64_t file_rights =
	    LL_FS_EXECUTE | LL_FS_WRITE_FILE | LL_FS_READ_FILE | LL_FS_TRUNCATE | LL_FS_IOCTL_DEV;
	uint64_t r;
	switch (acc) {
	case LANDLOCK_RO: r = LL_FS_EXECUTE | LL_FS_READ_FILE | LL_FS_READ_DIR; break;
	case LANDLOCK_DEV:
		/* read and write, but no ioctl on the device and no exec */
		r = LL_FS_READ_FILE | LL_FS_WRITE_FILE;
		break;
	default:
		/* the writable work directory: everything except device nodes */
		r = handled & ~(LL_FS_MAKE_CHAR | LL_FS_MAKE_BLOCK | LL_FS_IOCTL_DEV);
		break;
	}
	if (!is_dir)
		r &= file_rights;
	return r & handled;
}

int landlock_restrict(int abi, const struct landlock_path *paths, size_t npaths)
{
	struct ll_ruleset_attr attr = {0};
	size_t i;
	int rfd, saved;

	if (abi <= 0) {
		errno = ENOSYS;
		return -1;
	}
	attr.handled_access_fs = fs_handled(abi);
	/* TCP bind and connect are handled with no port rule: all denied. */
	if (abi >= 4)
		attr.handled_access_net = LL_NET_BIND_TCP | LL_NET_CONNECT_TCP;
	/* No connecting to abstract UNIX sockets or signalling processes
	 * outside the sandbox (e.g. sbx itself, or the user's other programs). */
	if (abi >= 6)
		attr.scoped = LL_SCOPE_ABSTRACT_UNIX_SOCKET | LL_SCOPE_SIGNAL;

	rfd = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof(attr), 0);
	if (rfd < 0)
		return -1;
	for (i = 0; i < npaths; i++) {
		struct ll_path_beneath pb;
		struct stat sb;
		int fd = open(paths[i].path, O_PATH | O_CLOEXEC);
		if (fd < 0)
			continue; /* absent on this system: nothing to grant */
		if (fstat(fd, &sb) < 0) {
			saved = errno;
			close(fd);
			close(rfd);
			errno = saved;
			return -1;
		}
		pb.allowed_access =
		    rule_rights(paths[i].access, S_ISDIR(sb.st_mode), attr.handled_access_fs);
		pb.parent_fd = fd;
		if (syscall(SYS_landlock_add_rule, rfd, LANDLOCK_RULE_PATH_BENEATH, &pb, 0) < 0) {
			saved = errno;
			close(fd);
			close(rfd);
			errno = saved;
			return -1;
		}
		close(fd);
	}
	if (syscall(SYS_landlock_restrict_self, rfd, 0) < 0) {
		saved = errno;
		close(rfd);
		errno = saved;
		return -1;
	}
	close(rfd);
	return 0;
}
