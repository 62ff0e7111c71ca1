/* runcpu — see runcpu.h. */
#include "sandbox/runcpu.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/util.h"

struct runcpu_proc {
	pid_t pid, ppid;
	unsigned long long start; /* with pid: the process, despite pid reuse */
	double own_ms;		  /* utime + stime */
	double kids_ms;		  /* cutime + cstime: children it reaped */
};

void runcpu_init(struct runcpu *rc, const struct cgroup_run *cg, pid_t sid)
{
	memset(rc, 0, sizeof(*rc));
	rc->cg = cg && cgroup_has_cpu(cg) ? cg : NULL;
	rc->sid = sid;
}

int runcpu_sampling(const struct runcpu *rc)
{
	return rc->cg == NULL;
}

void runcpu_free(struct runcpu *rc)
{
	free(rc->procs);
	rc->procs = NULL;
	rc->n = rc->alloc = 0;
}

/* One /proc/PID/stat of the run's session into *p; -1 if not ours or gone. */
static int read_proc(const char *name, pid_t sid, double tick_ms, struct runcpu_proc *p)
{
	char path[64], buf[1024], *q;
	unsigned long ut, st;
	long cut, cst;
	int ppid, sess, fd;
	ssize_t len;

	snprintf(path, sizeof(path), "/proc/%s/stat", name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	len = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (len <= 0)
		return -1;
	buf[len] = '\0';
	/* "pid (comm) state ppid pgrp session ...": comm may hold anything,
	 * so parse from the last ')'. */
	q = strrchr(buf, ')');
	if (!q ||
	    sscanf(q + 1,
		   " %*c %d %*d %d %*d %*d %*u %*u %*u %*u %*u %lu %lu %ld %ld %*d %*d %*d %*d "
		   "%llu",
		   &ppid, &sess, &ut, &st, &cut, &cst, &p->start) != 7)
		return -1;
	if (sess != sid)
		return -1;
	p->pid = (pid_t)strtol(name, NULL, 10);
	p->ppid = ppid;
	p->own_ms = (double)(ut + st) * tick_ms;
	p->kids_ms = (double)(cut + cst) * tick_ms;
	return 0;
}

static const struct runcpu_proc *find(const struct runcpu_proc *v, size_t n, pid_t pid,
				      unsigned long long start)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].pid == pid && v[i].start == start)
			return &v[i];
	return NULL;
}

static const struct runcpu_proc *find_pid(const struct runcpu_proc *v, size_t n, pid_t pid)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].pid == pid)
			return &v[i];
	return NULL;
}

static double sample(struct runcpu *rc)
{
	static double tick_ms;
	struct runcpu_proc *now = NULL;
	size_t n = 0, alloc = 0;
	struct dirent *de;
	DIR *d;
	double total = 0;

	if (!tick_ms) {
		long hz = sysconf(_SC_CLK_TCK);
		tick_ms = 1000.0 / (double)(hz > 0 ? hz : 100);
	}
	d = opendir("/proc");
	if (!d)
		return rc->lost_ms;
	while ((de = readdir(d))) {
		struct runcpu_proc p;
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		if (read_proc(de->d_name, rc->sid, tick_ms, &p) < 0)
			continue;
		if (n == alloc) {
			alloc = alloc ? alloc * 2 : 16;
			now = xrealloc(now, alloc * sizeof(*now));
		}
		now[n++] = p;
	}
	closedir(d);

	/* A process gone since the last sample was reaped: by its parent,
	 * whose children's time grew by what it had used (more, since it ran
	 * on after the sample), or by the kernel (its parent ignores SIGCHLD)
	 * or an outsider, and then its time is lost unless counted here. Per
	 * parent: what its departed children had used past the growth of its
	 * counter. A parent gone too: its own parent's counter has them. */
	for (size_t i = 0; i < rc->n; i++) {
		const struct runcpu_proc *old = &rc->procs[i], *parent, *parent_was;
		if (find(now, n, old->pid, old->start))
			continue;
		parent = find_pid(now, n, old->ppid);
		parent_was = find_pid(rc->procs, rc->n, old->ppid);
		if (!parent || !parent_was || parent->start != parent_was->start)
			continue;
		/* Every departed child of this parent, once: at its first. */
		bool first = true;
		double gone = 0;
		for (size_t k = 0; k < rc->n; k++) {
			const struct runcpu_proc *o = &rc->procs[k];
			if (o->ppid != old->ppid || find(now, n, o->pid, o->start))
				continue;
			if (k < i)
				first = false;
			gone += o->own_ms + o->kids_ms;
		}
		if (!first)
			continue;
		double grew = parent->kids_ms - parent_was->kids_ms;
		if (gone > grew)
			rc->lost_ms += gone - grew;
	}
	free(rc->procs);
	rc->procs = now;
	rc->n = n;
	rc->alloc = alloc;
	for (size_t i = 0; i < n; i++)
		total += now[i].own_ms + now[i].kids_ms;
	return total + rc->lost_ms;
}

double runcpu_ms(struct runcpu *rc)
{
	if (rc->cg)
		return cgroup_cpu_ms(rc->cg);
	return sample(rc);
}
