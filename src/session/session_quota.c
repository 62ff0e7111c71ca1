/* session_quota — a workspace's disk quota (`session create --disk`, the
 * config's limits.disk): what its working directory's files take, and the
 * checks the files API (session_workspace.c) and the daemon (before each
 * execution: session_group.c) make against it. The measure is a walk from
 * the working directory's fd, every directory opened with O_NOFOLLOW from
 * its parent's (a link the code plants is counted, never followed), which
 * stops once it has seen more than the quota. `session get`'s limits and
 * use (memory and tasks of all the kernels, disk) are described here too.
 * May call: sandbox (cgroup, rundir), core, util, libc.
 */
#include "session/session_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox/cgroup.h"
#include "sandbox/rundir.h"
#include "sandbox/workdir.h"
#include "util/opt.h"

#define QUOTA_DEPTH_MAX 64 /* deeper directories count as themselves only */

/* What an entry takes on disk (its blocks), at least its length when it
 * has none yet (a file written a moment ago on a delayed-allocation
 * filesystem) and a block for an empty name (a flood of empty files). */
static uint64_t entry_bytes(const struct stat *st)
{
	uint64_t blocks = (uint64_t)st->st_blocks * 512;
	uint64_t size = S_ISREG(st->st_mode) ? (uint64_t)st->st_size : 0;
	uint64_t b = blocks > size ? blocks : size;
	return b ? b : 512;
}

static void walk(int dfd, int depth, uint64_t stop_at, uint64_t *total)
{
	DIR *d = fdopendir(dfd);
	struct dirent *de;
	if (!d) {
		close(dfd);
		return;
	}
	while (*total <= stop_at && (de = readdir(d))) {
		struct stat st;
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
		    fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		*total += entry_bytes(&st);
		if (!S_ISDIR(st.st_mode) || depth >= QUOTA_DEPTH_MAX)
			continue;
		int sub =
		    openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (sub >= 0)
			walk(sub, depth + 1, stop_at, total);
	}
	closedir(d);
}

uint64_t session_disk_usage(int cwd_fd, uint64_t stop_at)
{
	uint64_t total = 0;
	int fd = openat(cwd_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0)
		walk(fd, 0, stop_at, &total);
	return total;
}

uint64_t session_disk_quota(json_t *m)
{
	json_int_t q = json_integer_value(json_object_get(m, "disk_bytes"));
	/* A session made before the quota had none in its manifest. */
	return q > 0 ? (uint64_t)q : SBX_DEFAULT_DISK;
}

int session_quota_error(const char *id, const char *what, uint64_t used, uint64_t quota)
{
	char u[32], q[32];
	opt_format_size(used, u);
	opt_format_size(quota, q);
	return error_of(ERROR_LIMIT,
			"%s: session %s's workspace holds %s of its %s disk quota (session create "
			"--disk, the config's limits.disk): remove files first (sbx session files "
			"%s rm PATH)",
			what, id, u, q, id);
}

/* The workspace's memory and tasks now: its cgroup's (session_group.c)
 * while the daemon runs; without one, the kernels' resident memory. */
static void usage_now(json_t *m, json_t *ws, bool running, json_t *usage)
{
	const char *kind = json_string_value(json_object_get(ws, "cgroup"));
	const char *mem = json_string_value(json_object_get(ws, "memory_path"));
	const char *pids = json_string_value(json_object_get(ws, "pids_path"));
	json_t *mv = json_null(), *pv = json_null();
	if (running && kind && mem) {
		struct cgroup_run g = {.kind = !strcmp(kind, "v2") ? "v2" : "v1"};
		snprintf(g.mem, sizeof g.mem, "%s", mem);
		snprintf(g.pids, sizeof g.pids, "%s", pids ? pids : "");
		uint64_t b, n;
		cgroup_usage(&g, &b, &n);
		mv = json_integer((json_int_t)b);
		pv = g.kind[1] == '2' || g.pids[0] ? json_integer((json_int_t)n) : json_null();
	} else if (running) {
		json_int_t kb = 0;
		size_t i;
		json_t *k;
		json_array_foreach(json_object_get(m, "kernels"), i, k) kb +=
		    json_integer_value(json_object_get(k, "memory_kb"));
		mv = json_integer(kb * 1024);
	}
	json_object_set_new(usage, "memory_bytes", mv);
	json_object_set_new(usage, "pids", pv);
}

void session_describe_limits(json_t *m, bool running)
{
	json_t *ws = json_object_get(m, "workspace");
	uint64_t quota = session_disk_quota(m);
	json_t *limits =
	    json_pack("{s:O?, s:O?, s:I}", "memory_bytes", json_object_get(m, "memory_bytes"),
		      "pids", json_object_get(ws, "pids_max"), "disk_bytes", (json_int_t)quota);
	json_t *usage = json_object();
	usage_now(m, ws, running, usage);
	struct workdir wd;
	workdir_init(&wd);
	const char *rundir = json_string_value(json_object_get(m, "rundir"));
	if (rundir && rundir_open(&wd, rundir) == 0)
		json_object_set_new(
		    usage, "disk_bytes",
		    json_integer((json_int_t)session_disk_usage(wd.cwd_fd, UINT64_MAX)));
	else
		json_object_set_new(usage, "disk_bytes", json_null());
	rundir_close(&wd);
	json_object_set_new(m, "limits", limits);
	json_object_set_new(m, "usage", usage);
	/* Where the limits as a whole apply: the paths stay sbx's. */
	if (json_is_object(ws)) {
		json_object_del(ws, "memory_path");
		json_object_del(ws, "pids_path");
		json_object_del(ws, "pids_max");
	}
}
