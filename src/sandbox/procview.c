/* procview — see procview.h. */
#include "sandbox/procview.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

/* Machine-wide files the interpreters read: the JVM (cpuinfo, meminfo,
 * stat, cgroups), R (filesystems, stat), and /proc/sys (stable inodes). */
static const char *const machine_files[] = {
    "/proc/cpuinfo", "/proc/meminfo", "/proc/stat",    "/proc/filesystems", "/proc/cgroups",
    "/proc/loadavg", "/proc/uptime",  "/proc/version", "/proc/sys",
};

/* The interpreter's own /proc/PID entries. Not net (the host's sockets),
 * mem and pagemap (memory writes and physical addresses), ns, root and
 * map_files (handles on other namespaces and files), and the links
 * (cwd, exe, root: readlink needs no grant). */
static const char *const own_entries[] = {
    "attr",	"auxv",	     "cgroup",	  "cmdline",	   "comm",	   "coredump_filter",
    "cpuset",	"environ",   "fd",	  "fdinfo",	   "io",	   "limits",
    "loginuid", "maps",	     "mountinfo", "mounts",	   "oom_score",	   "oom_score_adj",
    "sched",	"schedstat", "sessionid", "smaps",	   "smaps_rollup", "stat",
    "statm",	"status",    "task",	  "timerslack_ns", "wchan",
};

#define N_OWN (sizeof(own_entries) / sizeof(own_entries[0]))

_Static_assert(sizeof(machine_files) / sizeof(machine_files[0]) + N_OWN <= PROCVIEW_MAX,
	       "PROCVIEW_MAX too small");

void procview_grants(struct landlock_path *paths, size_t *n, size_t max)
{
	/* static: the paths must outlive this call (no allocation here, in a
	 * freshly forked child). */
	static char own[N_OWN][32];
	size_t i;
	for (i = 0; i < sizeof(machine_files) / sizeof(machine_files[0]) && *n < max; i++) {
		paths[*n].path = machine_files[i];
		paths[(*n)++].access = LANDLOCK_RO;
	}
	for (i = 0; i < N_OWN && *n < max; i++) {
		snprintf(own[i], sizeof(own[i]), "/proc/self/%s", own_entries[i]);
		paths[*n].path = own[i];
		paths[(*n)++].access = LANDLOCK_RO;
	}
}

void procview_pin(pid_t pid, int *fds)
{
	char path[64];
	size_t i;
	for (i = 0; i < PROCVIEW_MAX; i++)
		fds[i] = -1;
	for (i = 0; i < N_OWN; i++) {
		snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, own_entries[i]);
		fds[i] = open(path, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	}
}

void procview_unpin(int *fds)
{
	for (size_t i = 0; i < PROCVIEW_MAX; i++)
		if (fds[i] >= 0) {
			close(fds[i]);
			fds[i] = -1;
		}
}
