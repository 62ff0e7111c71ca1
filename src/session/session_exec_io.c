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
#include "session/session_kernel.h"

#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/request.h"
#include "sandbox/progin.h"
#include "sandbox/workdir.h"
#include "util/util.h"

#define STDIN_NAME   WORKDIR_PRIVATE "/stdin"
#define SPOOL_PREFIX "stdin."

/* ---- the client's side ---- */

int session_stdin_spool(const char *rundir, const struct request *req, char *name, size_t n)
{
	name[0] = 0;
	if (!req->stdin_path)
		return 0;
	int in = progin_open(req->stdin_path);
	if (in < 0)
		return -1;
	char path[PATH_MAX];
	int len = snprintf(path, sizeof path, "%s/" WORKDIR_PRIVATE "/" SPOOL_PREFIX "%ld.XXXXXX",
			   rundir, (long)getpid());
	if (len <= 0 || (size_t)len >= sizeof path) {
		close(in);
		return error("the session's run directory %s is too long", rundir);
	}
	/* Gone with /tmp (a reboot, as root): made as the kernel's start makes
	 * them. */
	char priv[PATH_MAX];
	snprintf(priv, sizeof priv, "%s/" WORKDIR_PRIVATE, rundir);
	if (access(priv, F_OK) < 0) {
		(void)!mkdir(rundir, 0700);
		(void)!mkdir(priv, 0700);
	}
	int out = mkostemp(path, O_CLOEXEC);
	if (out < 0) {
		close(in);
		return error("cannot spool --stdin into the session (%s): %s", rundir,
			     strerror(errno));
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
	if (rc < 0) {
		unlink(path);
		return -1;
	}
	snprintf(name, n, "%s", strrchr(path, '/') + 1);
	return 0;
}

void session_stdin_unspool(const char *rundir, const char *name)
{
	char path[PATH_MAX];
	if (name[0] && snprintf(path, sizeof path, "%s/" WORKDIR_PRIVATE "/%s", rundir, name) <
			   (int)sizeof path)
		unlink(path); /* gone already when the daemon took it */
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
	char path[128];
	if (json_is_true(json_object_get(req, "stdin_taken")))
		unlinkat(wd->fd, STDIN_NAME, 0); /* taken for a kernel that died */
	else if (spool &&
		 snprintf(path, sizeof path, WORKDIR_PRIVATE "/%s", spool) < (int)sizeof path)
		unlinkat(wd->fd, path, 0);
}

void session_exec_io_end(struct workdir *wd)
{
	unlinkat(wd->fd, STDIN_NAME, 0);
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

void session_stdin_sweep(int rundir_fd, json_t *const *keep, size_t nkeep)
{
	int fd = openat(rundir_fd, WORKDIR_PRIVATE, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
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
	const char *tmp = WORKDIR_PRIVATE "/inputs.json.tmp";
	unlinkat(wd->fd, tmp, 0);
	/* 0644 whatever the daemon's umask: as root the kernel is another uid.
	 * Never through a link: the kernel's code may share this uid and
	 * swap the name for a link to a file of the user's between the two
	 * calls. */
	int rc = s && workdir_write(wd, tmp, s, strlen(s)) == 0 &&
			 fchmodat(wd->fd, tmp, 0644, AT_SYMLINK_NOFOLLOW) == 0 &&
			 renameat(wd->fd, tmp, wd->fd, WORKDIR_CWD "/" WORKDIR_INPUTS) == 0
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
		unlinkat(wd->fd, STDIN_NAME, 0); /* the previous execution's */
	if (spool && !taken) {
		char from[128];
		if (strncmp(spool, SPOOL_PREFIX, strlen(SPOOL_PREFIX)) || strchr(spool, '/') ||
		    snprintf(from, sizeof from, WORKDIR_PRIVATE "/%s", spool) >= (int)sizeof from)
			return snprintf(why, n, "the execution's stdin spool '%s' is not one",
					spool),
			       -1;
		if (renameat(wd->fd, from, wd->fd, STDIN_NAME) < 0)
			return snprintf(why, n, "the execution's stdin is gone (%s): run it again",
					strerror(errno)),
			       -1;
		/* As root the kernel runs as another uid (mkostemp made it 0600);
		 * not through a link the kernel's code may have put there. */
		(void)!fchmodat(wd->fd, STDIN_NAME, 0644, AT_SYMLINK_NOFOLLOW);
		json_object_set_new(req, "stdin_taken", json_true());
	}
	if (spool)
		json_object_set_new(msg, "stdin", json_sprintf("%s/" STDIN_NAME, wd->path));
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
