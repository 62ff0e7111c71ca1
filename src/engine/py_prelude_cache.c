/* py_prelude_cache — the Python prelude compiled once (see the header). */
#include "engine/py_prelude_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/buf.h"
#include "util/util.h"

/* A code object of the prelude is ~40 KB; anything past this is not one. */
#define CODE_MAX (4u << 20)

/* STATE_DIR/cache/python-prelude/KEY for exe and this prelude. */
static int cache_path(const char *state_dir, const char *exe, const char *prelude, size_t len,
		      char *out, size_t cap)
{
	struct stat st;
	char real[PATH_MAX], phex[65], hex[65], key[PATH_MAX + 160];
	if (!state_dir || stat(exe, &st) != 0)
		return -1;
	/* A venv's python is a link: the target decides (an upgrade replaces it). */
	if (!realpath(exe, real))
		snprintf(real, sizeof real, "%s", exe);
	sha256_hex(prelude, len, phex);
	int kn = snprintf(key, sizeof key, "pyc 1\n%s\n%llu:%llu:%lld:%lld\n%s", real,
			  (unsigned long long)st.st_dev, (unsigned long long)st.st_ino,
			  (long long)st.st_size, (long long)st.st_mtime, phex);
	if (kn < 0 || (size_t)kn >= sizeof key)
		return -1;
	sha256_hex(key, (size_t)kn, hex);
	hex[32] = '\0';
	int n = snprintf(out, cap, "%s/cache/python-prelude/%s", state_dir, hex);
	return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* Runs exe -I -S -B -c COMPILE with the prelude on stdin; its stdout (the
 * marshalled code object) into out. */
static int compile_with(const char *exe, const char *prelude, size_t len, struct buf *out)
{
	static const char compile_src[] =
	    "import importlib.util,marshal,sys\n"
	    "c=compile(sys.stdin.buffer.read(),'<string>','exec')\n"
	    "sys.stdout.buffer.write(importlib.util.MAGIC_NUMBER+bytes(12)+marshal.dumps(c))\n";
	int in[2], res[2];
	if (pipe2(in, O_CLOEXEC) < 0)
		return -1;
	if (pipe2(res, O_CLOEXEC) < 0) {
		close(in[0]);
		close(in[1]);
		return -1;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		char *const argv[] = {(char *)exe,	   "-I", "-S", "-B", "-c",
				      (char *)compile_src, NULL};
		char *const envp[] = {"PATH=/usr/bin:/bin", "LANG=C.UTF-8", NULL};
		int nul = open("/dev/null", O_WRONLY | O_CLOEXEC);
		if (dup2(in[0], 0) < 0 || dup2(res[1], 1) < 0 || (nul >= 0 && dup2(nul, 2) < 0))
			_exit(127);
		execve(exe, argv, envp);
		_exit(127);
	}
	close(in[0]);
	close(res[1]);
	int rc = -1;
	if (pid > 0) {
		/* The source (~40 KB) fits in the pipe: written whole before the
		 * result is read, which the child writes only once it has it all. */
		/* SIGPIPE is ignored (cmd_main): a child that died early is EPIPE. */
		bool sent = write_all(in[1], prelude, len) == 0;
		close(in[1]);
		in[1] = -1;
		bool got = read_fd(res[0], CODE_MAX, out) == 0;
		int ws = 0;
		while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
			;
		rc = sent && got && WIFEXITED(ws) && WEXITSTATUS(ws) == 0 && out->len > 0 ? 0 : -1;
	}
	if (in[1] >= 0)
		close(in[1]);
	close(res[0]);
	return rc;
}

/* Best effort, as interp_version's cache: written whole, then renamed. */
static void cache_store(const char *state_dir, const char *path, const struct buf *code)
{
	char dir[PATH_MAX], tmp[PATH_MAX + 32];
	snprintf(dir, sizeof dir, "%s/cache", state_dir);
	mkdir(state_dir, 0700);
	mkdir(dir, 0700);
	snprintf(dir, sizeof dir, "%s/cache/python-prelude", state_dir);
	mkdir(dir, 0700);
	snprintf(tmp, sizeof tmp, "%s.%d.tmp", path, (int)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	bool ok = write_all(fd, code->data, code->len) == 0;
	if (close(fd) != 0 || !ok || rename(tmp, path) != 0)
		unlink(tmp);
}

int py_prelude_cache_put(const char *state_dir, const char *exe, const char *prelude, size_t len,
			 struct workdir *wd, const char *rel)
{
	char path[PATH_MAX];
	struct buf code;
	buf_init(&code, CODE_MAX);
	if (cache_path(state_dir, exe, prelude, len, path, sizeof path) < 0)
		return -1;
	int rc = -1;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0) {
		struct stat st;
		/* Only sbx's own file (the state directory is the caller's). */
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
		    read_fd(fd, CODE_MAX, &code) == 0 && code.len > 0)
			rc = 0;
		close(fd);
	}
	if (rc != 0) {
		code.len = 0;
		if (compile_with(exe, prelude, len, &code) == 0) {
			cache_store(state_dir, path, &code);
			rc = 0;
		}
	}
	if (rc == 0 && workdir_write(wd, rel, code.data, code.len) < 0)
		rc = -1;
	buf_release(&code);
	return rc;
}
