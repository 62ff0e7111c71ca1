/* cgroup — see cgroup.h. */
#include "sandbox/cgroup.h"
#include "sandbox/cgroup_int.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Reads a small file into buf (NUL-terminated). Returns bytes or -1. */
static ssize_t read_small(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;
	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return n;
}

int cgroup_write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	size_t len = strlen(s);
	ssize_t n;
	if (fd < 0)
		return -1;
	n = write(fd, s, len);
	close(fd);
	return n == (ssize_t)len ? 0 : -1;
}

static int write_u64(const char *dir, const char *file, uint64_t v)
{
	char path[320], num[32];
	if (snprintf(path, sizeof(path), "%s/%s", dir, file) >= (int)sizeof(path))
		return -1;
	snprintf(num, sizeof(num), "%" PRIu64, v);
	return cgroup_write_str(path, num);
}

/* Our own cgroup path in a hierarchy: the v2 one (controller NULL) or the
 * v1 one holding controller, from /proc/self/cgroup. */
static int own_cgroup(const char *controller, char *out, size_t outlen)
{
	char line[1024];
	FILE *f = fopen("/proc/self/cgroup", "re");
	int found = -1;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *c1 = strchr(line, ':'), *c2, *nl;
		if (!c1 || !(c2 = strchr(c1 + 1, ':')))
			continue;
		*c2 = '\0';
		nl = strchr(c2 + 1, '\n');
		if (nl)
			*nl = '\0';
		if (controller == NULL) {
			if (strcmp(line, "0") != 0 || c1[1] != '\0')
				continue;
		} else {
			/* "4:memory:/path" or "3:cpu,cpuacct:/path" */
			char *save = NULL, *tok;
			bool match = false;
			for (tok = strtok_r(c1 + 1, ",", &save); tok;
			     tok = strtok_r(NULL, ",", &save))
				if (strcmp(tok, controller) == 0)
					match = true;
			if (!match)
				continue;
		}
		if (strlen(c2 + 1) < outlen) {
			memcpy(out, c2 + 1, strlen(c2 + 1) + 1);
			found = 0;
		}
		break;
	}
	fclose(f);
	return found;
}

/* Where the hierarchy is mounted, and which part of it (mountinfo's root
 * field: a container may see only a subtree). */
static int hierarchy_mount(const char *controller, char *mnt, size_t mntlen, char *root,
			   size_t rootlen)
{
	char line[4096];
	FILE *f = fopen("/proc/self/mountinfo", "re");
	int found = -1;
	if (!f)
		return -1;
	while (found < 0 && fgets(line, sizeof(line), f)) {
		char *fields[6], *save = NULL, *dash, *fstype, *opts, *tok;
		int i;
		dash = strstr(line, " - ");
		if (!dash)
			continue;
		*dash = '\0';
		fstype = strtok_r(dash + 3, " ", &save);
		strtok_r(NULL, " ", &save); /* source */
		opts = strtok_r(NULL, " \n", &save);
		if (!fstype || !opts)
			continue;
		if (controller ? strcmp(fstype, "cgroup") != 0 : strcmp(fstype, "cgroup2") != 0)
			continue;
		if (controller) {
			bool match = false;
			char *s2 = NULL;
			for (tok = strtok_r(opts, ",", &s2); tok; tok = strtok_r(NULL, ",", &s2))
				if (strcmp(tok, controller) == 0)
					match = true;
			if (!match)
				continue;
		}
		save = NULL;
		for (i = 0; i < 6; i++)
			fields[i] = strtok_r(i ? NULL : line, " ", &save);
		if (!fields[3] || !fields[4])
			continue;
		if (strlen(fields[4]) >= mntlen || strlen(fields[3]) >= rootlen)
			continue;
		memcpy(mnt, fields[4], strlen(fields[4]) + 1);
		memcpy(root, fields[3], strlen(fields[3]) + 1);
		found = 0;
	}
	fclose(f);
	return found;
}

/* The directory of our own cgroup in a hierarchy, as a path we can open. */
int cgroup_own_dir(const char *controller, char *out, size_t outlen)
{
	char mnt[256], root[256], cg[512];
	const char *rel;
	size_t rl;
	if (hierarchy_mount(controller, mnt, sizeof(mnt), root, sizeof(root)) < 0 ||
	    own_cgroup(controller, cg, sizeof(cg)) < 0)
		return -1;
	rel = cg;
	rl = strlen(root);
	if (strcmp(root, "/") != 0) {
		if (strncmp(cg, root, rl) != 0 || (cg[rl] != '/' && cg[rl] != '\0'))
			return -1; /* our cgroup is outside the mounted subtree */
		rel = cg + rl;
	}
	if (strcmp(rel, "/") == 0)
		rel = "";
	if (snprintf(out, outlen, "%s%s", mnt, rel) >= (int)outlen)
		return -1;
	return 0;
}

/* v2 is usable when our cgroup's children get the memory and pids
 * controllers and we may create one. */
static bool v2_has_controllers(const char *dir)
{
	char path[320], buf[512];
	if (snprintf(path, sizeof(path), "%s/cgroup.subtree_control", dir) >= (int)sizeof(path) ||
	    read_small(path, buf, sizeof(buf)) < 0)
		return false;
	return strstr(buf, "memory") != NULL && strstr(buf, "pids") != NULL;
}

const char *cgroup_probe(char *why, size_t whylen)
{
	char dir[256];
	if (cgroup_own_dir(NULL, dir, sizeof(dir)) == 0 && v2_has_controllers(dir) &&
	    access(dir, W_OK) == 0)
		return "v2";
	if (cgroup_own_dir("memory", dir, sizeof(dir)) == 0) {
		if (access(dir, W_OK) == 0)
			return "v1";
		snprintf(
		    why, whylen,
		    "cgroup v1 memory hierarchy at %s is not writable (run as root or delegate it)",
		    dir);
		return NULL;
	}
	if (cgroup_own_dir(NULL, dir, sizeof(dir)) == 0)
		snprintf(why, whylen,
			 "cgroup v2 at %s does not delegate the memory and pids controllers to us",
			 dir);
	else
		snprintf(why, whylen, "no cgroup hierarchy with a memory controller is mounted");
	return NULL;
}

static int make_child(const char *parent, const char *tag, char *out, size_t outlen)
{
	cgroup_sweep_dir(parent);
	if (snprintf(out, outlen, "%s/%s", parent, tag) >= (int)outlen)
		return -1;
	if (mkdir(out, 0700) == 0)
		return 0;
	if (errno == EEXIST) {
		/* Our name, not made by this run (each run is its own process,
		 * its group gone before the next): a killed sbx's whose pid we
		 * have now (pids wrap), which the sweep skips as ours. Whatever
		 * it left must neither share this run's limits nor live on. */
		char old[320];
		snprintf(old, sizeof old, "%s", out);
		cgroup_kill_dir(old, true);
		cgroup_remove_dir(old);
		if (mkdir(out, 0700) == 0)
			return 0;
	}
	out[0] = '\0';
	return -1;
}

/* The directory a run's group is made in, for hierarchy controller (NULL:
 * v2's): the workspace's group when there is one, else our own. */
static int parent_dir(const struct cgroup_run *parent, const char *controller, char *out,
		      size_t outlen)
{
	const char *dir = NULL;
	if (parent && parent->kind && !strcmp(parent->kind, "v2"))
		dir = controller ? NULL : parent->mem;
	else if (parent && parent->kind && controller)
		dir = !strcmp(controller, "memory") ? parent->mem
		      : !strcmp(controller, "pids") ? parent->pids
						    : NULL;
	if (!dir || !dir[0])
		return cgroup_own_dir(controller, out, outlen);
	if (snprintf(out, outlen, "%s", dir) >= (int)outlen)
		return -1;
	return 0;
}

int cgroup_create(struct cgroup_run *cg, const struct cgroup_run *parent, const char *tag,
		  uint64_t memory_bytes, bool count_cpu, char *why, size_t whylen)
{
	char dir[256];
	memset(cg, 0, sizeof(*cg));
	if (parent_dir(parent, NULL, dir, sizeof(dir)) == 0 && v2_has_controllers(dir)) {
		if (make_child(dir, tag, cg->mem, sizeof(cg->mem)) < 0)
			goto fail;
		/* memory.max: the OOM killer acts inside the run's group only;
		 * swap.max 0 so the limit is not dodged by swapping. */
		if (write_u64(cg->mem, "memory.max", memory_bytes) < 0)
			goto fail;
		(void)write_u64(cg->mem, "memory.swap.max", 0);
		/* pids.max: threads and processes, so a fork bomb stops here. */
		if (write_u64(cg->mem, "pids.max", CGROUP_PIDS_MAX) < 0)
			goto fail;
		cg->kind = "v2";
		return 0;
	}
	if (parent_dir(parent, "memory", dir, sizeof(dir)) < 0) {
		snprintf(why, whylen, "no cgroup hierarchy with a memory controller is mounted");
		return -1;
	}
	if (make_child(dir, tag, cg->mem, sizeof(cg->mem)) < 0)
		goto fail;
	if (write_u64(cg->mem, "memory.limit_in_bytes", memory_bytes) < 0)
		goto fail;
	/* memsw (memory + swap) too where swap accounting exists, so swapping
	 * out does not get around the limit. */
	(void)write_u64(cg->mem, "memory.memsw.limit_in_bytes", memory_bytes);
	if (parent_dir(parent, "pids", dir, sizeof(dir)) == 0 &&
	    make_child(dir, tag, cg->pids, sizeof(cg->pids)) == 0 &&
	    write_u64(cg->pids, "pids.max", CGROUP_PIDS_MAX) < 0) {
		rmdir(cg->pids);
		cg->pids[0] = '\0';
	}
	/* cpuacct: the run's CPU time across all its processes (v2 has it in
	 * cpu.stat of every group). Optional: without it runcpu samples. */
	if (count_cpu && cgroup_own_dir("cpuacct", dir, sizeof(dir)) == 0 &&
	    make_child(dir, tag, cg->cpu, sizeof(cg->cpu)) < 0)
		cg->cpu[0] = '\0';
	cg->kind = "v1";
	return 0;
fail:
	snprintf(why, whylen, "cannot create a cgroup under %s: %s", dir, strerror(errno));
	cgroup_destroy(cg);
	return -1;
}

int cgroup_create_group(struct cgroup_run *cg, const char *tag, uint64_t memory_bytes,
			uint64_t pids_max, char *why, size_t whylen)
{
	char dir[256], path[320];
	memset(cg, 0, sizeof(*cg));
	if (cgroup_own_dir(NULL, dir, sizeof(dir)) == 0 && v2_has_controllers(dir)) {
		if (make_child(dir, tag, cg->mem, sizeof(cg->mem)) < 0 ||
		    write_u64(cg->mem, "memory.max", memory_bytes) < 0 ||
		    write_u64(cg->mem, "pids.max", pids_max) < 0)
			goto fail;
		(void)write_u64(cg->mem, "memory.swap.max", 0);
		/* Its children (the kernels' groups) get both controllers; it
		 * holds no process itself (v2's rule for a group that does). */
		snprintf(path, sizeof(path), "%s/cgroup.subtree_control", cg->mem);
		if (cgroup_write_str(path, "+memory +pids") < 0)
			goto fail;
		cg->kind = "v2";
		return 0;
	}
	if (cgroup_own_dir("memory", dir, sizeof(dir)) < 0) {
		snprintf(why, whylen, "no cgroup hierarchy with a memory controller is mounted");
		return -1;
	}
	/* v1: memory is hierarchical (Linux 6.x always, older with
	 * use_hierarchy), so the kernels' usage adds up here. */
	if (make_child(dir, tag, cg->mem, sizeof(cg->mem)) < 0 ||
	    write_u64(cg->mem, "memory.limit_in_bytes", memory_bytes) < 0)
		goto fail;
	(void)write_u64(cg->mem, "memory.memsw.limit_in_bytes", memory_bytes);
	if (cgroup_own_dir("pids", dir, sizeof(dir)) < 0 ||
	    make_child(dir, tag, cg->pids, sizeof(cg->pids)) < 0 ||
	    write_u64(cg->pids, "pids.max", pids_max) < 0) {
		snprintf(why, whylen, "no writable cgroup v1 pids hierarchy: %s", strerror(errno));
		goto fail_quiet;
	}
	cg->kind = "v1";
	return 0;
fail:
	snprintf(why, whylen, "cannot create a cgroup under %s: %s", dir, strerror(errno));
fail_quiet:
	cgroup_destroy(cg);
	return -1;
}

int cgroup_attach(const struct cgroup_run *cg, pid_t pid)
{
	char path[320], num[24];
	snprintf(num, sizeof(num), "%d", (int)pid);
	if (cg->mem[0]) {
		snprintf(path, sizeof(path), "%s/cgroup.procs", cg->mem);
		if (cgroup_write_str(path, num) < 0)
			return -1;
	}
	if (cg->pids[0]) {
		snprintf(path, sizeof(path), "%s/cgroup.procs", cg->pids);
		if (cgroup_write_str(path, num) < 0)
			return -1;
	}
	if (cg->cpu[0]) {
		snprintf(path, sizeof(path), "%s/cgroup.procs", cg->cpu);
		if (cgroup_write_str(path, num) < 0)
			return -1;
	}
	return 0;
}

/* Writes "0" (the calling thread) to DIR/tasks, or to the tasks of DIR's
 * parent when up. */
static int move_self(const char *dir, bool up)
{
	char path[320];
	size_t n = strlen(dir);
	if (up) {
		const char *slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			return -1;
		n = (size_t)(slash - dir);
	}
	if (snprintf(path, sizeof(path), "%.*s/tasks", (int)n, dir) >= (int)sizeof(path))
		return -1;
	return cgroup_write_str(path, "0");
}

int cgroup_enter_self(const struct cgroup_run *cg)
{
	if (!cg->kind || strcmp(cg->kind, "v1") != 0)
		return -1;
	const char *dirs[3] = {cg->mem, cg->pids, cg->cpu};
	for (int i = 0; i < 3; i++) {
		if (!dirs[i][0] || move_self(dirs[i], false) == 0)
			continue;
		int saved = errno;
		while (i-- > 0) /* back out of those entered */
			if (dirs[i][0] && move_self(dirs[i], true) < 0)
				return -2;
		errno = saved;
		return -1;
	}
	return 0;
}

int cgroup_leave_self(const struct cgroup_run *cg)
{
	const char *dirs[3] = {cg->mem, cg->pids, cg->cpu};
	int rc = 0;
	for (int i = 0; i < 3; i++)
		if (dirs[i][0] && move_self(dirs[i], true) < 0)
			rc = -1;
	return rc;
}

static uint64_t read_u64_file(const char *dir, const char *file)
{
	char path[320], buf[64];
	char *end;
	unsigned long long v;
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (read_small(path, buf, sizeof(buf)) <= 0)
		return 0;
	errno = 0;
	v = strtoull(buf, &end, 10);
	if (errno || end == buf)
		return 0;
	return v;
}

/* "key N" in a flat-keyed file such as memory.events or memory.oom_control. */
static uint64_t read_key(const char *dir, const char *file, const char *key)
{
	char path[320], buf[1024], *p;
	size_t kl = strlen(key);
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (read_small(path, buf, sizeof(buf)) <= 0)
		return 0;
	for (p = buf; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (strncmp(p, key, kl) == 0 && p[kl] == ' ')
			return strtoull(p + kl + 1, NULL, 10);
	return 0;
}

uint64_t cgroup_memory_peak_kb(const struct cgroup_run *cg)
{
	if (!cg->kind)
		return 0;
	if (strcmp(cg->kind, "v2") == 0)
		return read_u64_file(cg->mem, "memory.peak") / 1024; /* Linux 5.19+ */
	return read_u64_file(cg->mem, "memory.max_usage_in_bytes") / 1024;
}

bool cgroup_oom_killed(const struct cgroup_run *cg)
{
	if (!cg->kind)
		return false;
	if (strcmp(cg->kind, "v2") == 0)
		return read_key(cg->mem, "memory.events", "oom_kill") > 0;
	return read_key(cg->mem, "memory.oom_control", "oom_kill") > 0;
}

void cgroup_usage(const struct cgroup_run *cg, uint64_t *memory_bytes, uint64_t *pids)
{
	*memory_bytes = *pids = 0;
	if (!cg->kind)
		return;
	bool v2 = strcmp(cg->kind, "v2") == 0;
	*memory_bytes = read_u64_file(cg->mem, v2 ? "memory.current" : "memory.usage_in_bytes");
	if (v2 || cg->pids[0])
		*pids = read_u64_file(v2 ? cg->mem : cg->pids, "pids.current");
}

bool cgroup_probe_cpu(const char *kind)
{
	char dir[256];
	if (kind && strcmp(kind, "v2") == 0)
		return true;
	return cgroup_own_dir("cpuacct", dir, sizeof(dir)) == 0 && access(dir, W_OK) == 0;
}

bool cgroup_has_cpu(const struct cgroup_run *cg)
{
	return cg->kind && (strcmp(cg->kind, "v2") == 0 || cg->cpu[0]);
}

double cgroup_cpu_ms(const struct cgroup_run *cg)
{
	if (!cg->kind)
		return 0;
	if (strcmp(cg->kind, "v2") == 0)
		return (double)read_key(cg->mem, "cpu.stat", "usage_usec") / 1e3;
	if (!cg->cpu[0])
		return 0;
	return (double)read_u64_file(cg->cpu, "cpuacct.usage") / 1e6; /* ns */
}
