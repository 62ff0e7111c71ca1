/* session_exec_io — what one execution gets besides its code, as `sbx
 * run` gives it: its stdin, environment variables, program arguments, a
 * CPU-time limit and (Java) inputs.json in the working directory.
 *
 * The client spools the --stdin bytes into the session's private run
 * directory (RUNDIR/.sbx/stdin.PID.XXXXXX, PID the client's, bounded like
 * the files) and names the spool in the exec request; the daemon renames
 * it to .sbx/stdin when the execution starts (executions run one at a
 * time), the kernel gives the code that file as its stdin for that
 * execution only, and the daemon removes it when the execution ends. A
 * spool nobody will take is removed by whoever knows: the client when the
 * daemon refused or never got the request, the daemon when it refuses or
 * drops a request whose client is gone, and, for a client killed between
 * spooling and sending (kill -9), the sweep before each execution and
 * `sbx gc`: a spool whose client process is dead and that no queued
 * request names. env and
 * args go to the kernel in its frame, which sets them for the execution
 * and restores the environment after it. The CPU time is the
 * interpreter's own (utime + stime in /proc/PID/stat): the daemon reads
 * it while the execution runs and interrupts it as the wall timeout does.
 * May call: sandbox (workdir, progin), core, util, libc.
 */
#include "session/session_kernel_link.h"

#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/request.h"
#include "sandbox/progin.h"
#include "sandbox/rundir.h"
#include "sandbox/workdir.h"
#include "util/util.h"

#define STDIN_NAME   "stdin" /* in WORKDIR_PRIVATE */
#define SPOOL_PREFIX "stdin."

/* ---- the client's side ---- */

/* A new spool stdin.PID.XXXXXX in the private directory (priv, its fd):
 * its fd, the name in name. mkostemp's way, through the directory's fd. */
static int spool_create(int priv, char *name, size_t n)
{
	static const char set[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	for (int tries = 0; tries < 100; tries++) {
		unsigned char r[6];
		if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r)
			return -1;
		char tail[7];
		for (size_t i = 0; i < 6; i++)
			tail[i] = set[r[i] % (sizeof set - 1)];
		tail[6] = 0;
		snprintf(name, n, SPOOL_PREFIX "%ld.%s", (long)getpid(), tail);
		int fd =
		    openat(priv, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

int session_stdin_spool(const char *rundir, const struct request *req, char *name, size_t n)
{
	name[0] = 0;
	if (!req->stdin_path)
		return 0;
	int in = progin_open(req->stdin_path);
	if (in < 0)
		return -1;
	/* The run directory through its checked fds (rundir.h): made again
	 * when it is gone, and never through a link the code left. */
	struct workdir wd;
	workdir_init(&wd);
	if (rundir_open(&wd, rundir) < 0) {
		close(in);
		return -1;
	}
	char spool[64];
	int out = spool_create(wd.priv_fd, spool, sizeof spool);
	if (out < 0) {
		error("cannot spool --stdin into the session (%s): %s", rundir, strerror(errno));
		close(in);
		rundir_close(&wd);
		return -1;
	}
	uint64_t cap = req->limits.files_bytes, got = 0;
	char chunk[65536];
	int rc = 0;
	for (;;) {
		ssize_t r = read(in, chunk, sizeof chunk);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (r < 0)
				rc = error("cannot read --stdin %s: %s", req->stdin_path,
					   strerror(errno));
			break;
		}
		got += (uint64_t)r;
		if (got > cap) {
			rc = error("--stdin %s is over the files limit of %llu bytes: raise "
				   "--max-files or pass less",
				   req->stdin_path, (unsigned long long)cap);
			break;
		}
		if (write_all(out, chunk, (size_t)r) < 0) {
			rc = error("cannot spool --stdin: %s", strerror(errno));
			break;
		}
	}
	close(in);
	if (close(out) < 0 && rc == 0)
		rc = error("cannot spool --stdin: %s", strerror(errno));
	if (rc < 0)
		unlinkat(wd.priv_fd, spool, 0);
	else
		snprintf(name, n, "%s", spool);
	rundir_close(&wd);
	return rc;
}

void session_stdin_unspool(const char *rundir, const char *name)
{
	if (!name[0])
		return;
	int priv = rundir_open_private(rundir);
	if (priv >= 0) {
		unlinkat(priv, name, 0); /* gone already when the daemon took it */
		close(priv);
	}
}

void session_exec_io_request(json_t *j, const struct request *req, const char *spool)
{
	if (spool[0])
		json_object_set_new(j, "stdin", json_string(spool));
	if (req->nenv) {
		json_t *env = json_object();
		for (size_t i = 0; i < req->nenv; i++) {
			const char *kv = req->env[i], *eq = strchr(kv, '=');
			char *k = xstrndup(kv, (size_t)(eq - kv));
			json_object_set_new(env, k, json_string(eq + 1));
			free(k);
		}
		json_object_set_new(j, "env", env);
	}
	if (req->nargs) {
		json_t *a = json_array();
		for (size_t i = 0; i < req->nargs; i++)
			json_array_append_new(a, json_string(req->args[i]));
		json_object_set_new(j, "args", a);
	}
	json_object_set_new(j, "cpu_ms", json_integer((json_int_t)request_cpu_ms(req)));
}

/* ---- the daemon's side ---- */

/* The spool a request names, when it is one (no path, the prefix). */
static const char *spool_of(json_t *req)
{
	const char *spool = json_string_value(json_object_get(req, "stdin"));
	return spool && !strncmp(spool, SPOOL_PREFIX, strlen(SPOOL_PREFIX)) &&
		       !strchr(spool, '/') && strlen(spool) < 100
		   ? spool
		   : NULL;
}

void session_exec_io_drop(struct workdir *wd, json_t *req)
{
	const char *spool = spool_of(req);
	if (json_is_true(json_object_get(req, "stdin_taken")))
		unlinkat(wd->priv_fd, STDIN_NAME, 0); /* taken for a kernel that died */
	else if (spool)
		unlinkat(wd->priv_fd, spool, 0);
}

void session_exec_io_end(struct workdir *wd)
{
	unlinkat(wd->priv_fd, STDIN_NAME, 0);
}

/* A spool's client is gone: its pid (stdin.PID.XXXXXX) is not alive. A
 * name without one is an older sbx's, whose client is long gone. */
static bool spool_orphaned(const char *name)
{
	char *end;
	long pid = strtol(name + strlen(SPOOL_PREFIX), &end, 10);
	if (end == name + strlen(SPOOL_PREFIX) || *end != '.' || pid <= 0)
		return true;
	return kill((pid_t)pid, 0) < 0 && errno == ESRCH;
}

void session_stdin_sweep(int priv_fd, json_t *const *keep, size_t nkeep)
{
	int fd = fcntl(priv_fd, F_DUPFD_CLOEXEC, 0);
	DIR *dir = fd >= 0 ? fdopendir(fd) : NULL;
	if (!dir) {
		if (fd >= 0)
			close(fd);
		return;
	}
	struct dirent *e;
	while ((e = readdir(dir))) {
		if (strncmp(e->d_name, SPOOL_PREFIX, strlen(SPOOL_PREFIX)) ||
		    !spool_orphaned(e->d_name))
			continue;
		bool queued = false;
		for (size_t i = 0; i < nkeep && !queued; i++) {
			const char *s = spool_of(keep[i]);
			queued = s && !strcmp(s, e->d_name);
		}
		if (!queued)
			unlinkat(dirfd(dir), e->d_name, 0);
	}
	closedir(dir);
}

/* Replaces WORKDIR_CWD/inputs.json (Java reads its inputs there, as in a
 * one-shot run): a temporary file, then renamed over it. */
static int java_inputs(struct workdir *wd, json_t *inputs)
{
	char *s = json_dumps(inputs ? inputs : json_object(), JSON_COMPACT);
	const char *tmp = "inputs.json.tmp";
	/* 0644 whatever the daemon's umask: as root the kernel is another uid.
	 * Both directories through their fds, never a link: the kernel's
	 * code may share this uid and swap a name for a link to a file (or a
	 * directory) of the user's. */
	int rc = s && rundir_write(wd->priv_fd, tmp, s, strlen(s), 0644) == 0 &&
			 renameat(wd->priv_fd, tmp, wd->cwd_fd, WORKDIR_INPUTS) == 0
		     ? 0
		     : -1;
	free(s);
	return rc;
}

int session_exec_io_start(struct workdir *wd, json_t *m, json_t *req, json_t *msg, char *why,
			  size_t n)
{
	const char *spool = json_string_value(json_object_get(req, "stdin"));
	/* An execution sent again to a new kernel (its first never took it)
	 * has its stdin in place already. */
	bool taken = json_is_true(json_object_get(req, "stdin_taken"));
	if (!spool)
		unlinkat(wd->priv_fd, STDIN_NAME, 0); /* the previous execution's */
	if (spool && !taken) {
		if (!spool_of(req))
			return snprintf(why, n, "the execution's stdin spool '%s' is not one",
					spool),
			       -1;
		if (renameat(wd->priv_fd, spool, wd->priv_fd, STDIN_NAME) < 0)
			return snprintf(why, n, "the execution's stdin is gone (%s): run it again",
					strerror(errno)),
			       -1;
		/* As root the kernel runs as another uid (mkostemp made it 0600);
		 * not through a link the kernel's code may have put there. */
		(void)!fchmodat(wd->priv_fd, STDIN_NAME, 0644, AT_SYMLINK_NOFOLLOW);
		json_object_set_new(req, "stdin_taken", json_true());
	}
	if (spool)
		json_object_set_new(msg, "stdin",
				    json_sprintf("%s/" WORKDIR_PRIVATE "/" STDIN_NAME, wd->path));
	json_t *env = json_object_get(req, "env"), *args = json_object_get(req, "args");
	if (json_is_object(env))
		json_object_set(msg, "env", env);
	if (json_is_array(args))
		json_object_set(msg, "args", args);
	const char *lang = json_string_value(json_object_get(m, "language"));
	if (lang && !strcmp(lang, "java") && java_inputs(wd, json_object_get(req, "inputs")) < 0)
		return snprintf(why, n, "cannot write inputs.json into the session: %s",
				strerror(errno)),
		       -1;
	return 0;
}

double session_cpu_ms(int pid)
{
	char path[64], text[1024];
	snprintf(path, sizeof path, "/proc/%d/stat", pid);
	int fd = pid > 0 ? open(path, O_RDONLY | O_CLOEXEC) : -1;
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, text, sizeof text - 1);
	close(fd);
	if (n <= 0)
		return -1;
	text[n] = 0;
	/* After the command's ')': state is field 3, utime 14, stime 15. */
	char *p = strrchr(text, ')');
	unsigned long long ut = 0, st = 0;
	if (!p ||
	    sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2)
		return -1;
	long hz = sysconf(_SC_CLK_TCK);
	return (double)(ut + st) * 1000.0 / (double)(hz > 0 ? hz : 100);
}

double session_cpu_check_ms(int pid, double cpu0_ms, double limit_ms)
{
	double used = session_cpu_ms(pid);
	if (used < 0 || cpu0_ms < 0)
		return 1000; /* not readable (yet): look again */
	double left = limit_ms - (used - cpu0_ms);
	if (left <= 0)
		return 0;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	return fmax(fmin(left / (double)(cores > 0 ? cores : 1), 1000), 5);
}
