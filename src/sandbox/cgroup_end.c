/* cgroup_end — the end of a run's cgroups: killing what is in them,
 * removing them, and sweeping those of sbx processes that are gone (see
 * cgroup.h). */
#include "sandbox/cgroup.h"
#include "sandbox/cgroup_int.h"

#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* One pass over cgroup.procs: SIGKILL each. Returns how many were listed. */
static int kill_listed(const char *dir)
{
	char path[320], line[32];
	int n = 0;
	FILE *f;
	snprintf(path, sizeof(path), "%s/cgroup.procs", dir);
	f = fopen(path, "re");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		long pid = strtol(line, NULL, 10);
		if (pid > 1) {
			kill((pid_t)pid, SIGKILL);
			n++;
		}
	}
	fclose(f);
	return n;
}

void cgroup_kill_dir(const char *dir, bool v2)
{
	char path[320];
	int i;
	if (!dir[0])
		return;
	/* cgroup.kill (v2, Linux 5.14+) kills the whole group atomically, even
	 * a process forking at that moment. */
	snprintf(path, sizeof(path), "%s/cgroup.kill", dir);
	if (v2 && cgroup_write_str(path, "1") == 0)
		return;
	/* v1: repeat until the list is empty. pids.max bounds a fork bomb,
	 * so this ends; the bound is a backstop. */
	for (i = 0; i < 10000 && kill_listed(dir) > 0; i++)
		sched_yield();
}

void cgroup_kill_all(const struct cgroup_run *cg)
{
	bool v2 = cg->kind && strcmp(cg->kind, "v2") == 0;
	cgroup_kill_dir(cg->pids, false);
	cgroup_kill_dir(cg->cpu, false);
	cgroup_kill_dir(cg->mem, v2);
}

/* rmdir fails with EBUSY while killed tasks are still exiting: retry for
 * up to ~2 s (a task in uninterruptible sleep can take a moment). */
static void remove_children(const char *dir, int depth);

void cgroup_remove_dir(char *dir)
{
	int i;
	struct timespec ts = {0, 100000};
	if (!dir[0])
		return;
	for (i = 0; i < 20000 && rmdir(dir) < 0 && errno == EBUSY; i++) {
		if (i == 0) /* a workspace's group: its kernels' groups first */
			remove_children(dir, 0);
		kill_listed(dir);
		nanosleep(&ts, NULL);
	}
	dir[0] = '\0';
}

/* The groups below dir (a workspace's kernels' whose sbx was killed),
 * their processes killed: a group with children cannot be removed. */
static void remove_children(const char *dir, int depth)
{
	DIR *d = depth < 4 ? opendir(dir) : NULL;
	struct dirent *de;
	char sub[320];
	while (d && (de = readdir(d))) {
		if (de->d_type != DT_DIR || de->d_name[0] == '.' ||
		    snprintf(sub, sizeof(sub), "%s/%s", dir, de->d_name) >= (int)sizeof(sub))
			continue;
		cgroup_kill_dir(sub, true);
		remove_children(sub, depth + 1);
		for (int i = 0; i < 20000 && rmdir(sub) < 0 && errno == EBUSY; i++)
			kill_listed(sub);
	}
	if (d)
		closedir(d);
}

/* A killed sbx cannot remove its group ("sbx-PID", see isolate_plan.c): the
 * next run removes the groups of every sbx that is gone, killing what is
 * left in them first (without a pid namespace the code's own children do
 * not die with sbx). */
void cgroup_sweep_dir(const char *parent)
{
	DIR *d = opendir(parent);
	struct dirent *de;
	char dir[320];
	if (!d)
		return;
	while ((de = readdir(d))) {
		char *end;
		if (strncmp(de->d_name, "sbx-", 4) != 0)
			continue;
		long pid = strtol(de->d_name + 4, &end, 10);
		if (*end || pid <= 1 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 ||
		    errno != ESRCH)
			continue;
		if (snprintf(dir, sizeof(dir), "%s/%s", parent, de->d_name) >= (int)sizeof(dir))
			continue;
		cgroup_kill_dir(dir, true); /* cgroup.kill where there is one, else one by one */
		cgroup_remove_dir(dir);
	}
	closedir(d);
}

void cgroup_sweep(void)
{
	static const char *const controllers[] = {NULL, "memory", "pids", "cpu"};
	char dir[256];
	for (size_t i = 0; i < sizeof controllers / sizeof *controllers; i++)
		if (cgroup_own_dir(controllers[i], dir, sizeof dir) == 0)
			cgroup_sweep_dir(dir);
}

void cgroup_destroy(struct cgroup_run *cg)
{
	cgroup_kill_all(cg);
	cgroup_remove_dir(cg->pids);
	cgroup_remove_dir(cg->cpu);
	cgroup_remove_dir(cg->mem);
	cg->kind = NULL;
}
