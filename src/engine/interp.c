#include "engine/interp.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/util.h"

/* True when path is already in the sandbox's default root (or is "/",
 * which is never shown whole). */
static bool in_default_root(const char *path)
{
	static const char *const roots[] = {"/usr",   "/bin",	"/sbin",  "/lib",
					    "/lib32", "/lib64", "/libx32"};
	if (!strcmp(path, "/") || !path[0])
		return true;
	for (size_t i = 0; i < sizeof(roots) / sizeof(roots[0]); i++) {
		size_t n = strlen(roots[i]);
		if (!strncmp(path, roots[i], n) && (path[n] == '\0' || path[n] == '/'))
			return true;
	}
	return false;
}

static void parent_dir(char *path)
{
	char *slash = strrchr(path, '/');
	if (slash == path)
		slash[1] = '\0';
	else if (slash)
		*slash = '\0';
}

static size_t add_path(char out[][256], size_t n, size_t max, const char *path)
{
	char real[PATH_MAX];
	if (!realpath(path, real) || in_default_root(real) || strlen(path) >= 256 || n >= max)
		return n;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(out[i], path))
			return n;
	memcpy(out[n], path, strlen(path) + 1);
	return n + 1;
}

/* The parts of an installation (a venv, an interpreter's prefix) that
 * running it needs, never the whole directory: a venv made with
 * `python -m venv .` is a project directory, a prefix may be a home
 * directory (~/bin/python), and neither may show its other files. Only
 * what exists is added; a link (a venv's lib64 -> lib) is shown with
 * its target's contents at its own path. */
static size_t add_install(char out[][256], size_t n, size_t max, const char *prefix)
{
	static const char *const parts[] = {"bin", "lib", "lib64", "conf", "pyvenv.cfg"};
	char p[PATH_MAX];
	char real[PATH_MAX];
	if (!realpath(prefix, real) || in_default_root(real))
		return n;
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", prefix, parts[i]);
		if (access(p, F_OK) == 0)
			n = add_path(out, n, max, p);
	}
	return n;
}

/* The "home = DIR" line of a pyvenv.cfg: the base interpreter's bin. */
static bool venv_home(const char *cfg, char *out, size_t cap)
{
	FILE *f = fopen(cfg, "re");
	char line[PATH_MAX + 32];
	bool found = false;
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		char *p = line;
		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, "home", 4))
			continue;
		p += 4;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '=')
			continue;
		p++;
		while (*p == ' ' || *p == '\t')
			p++;
		p[strcspn(p, "\r\n")] = '\0';
		if (*p == '/' && strlen(p) < cap) {
			memcpy(out, p, strlen(p) + 1);
			found = true;
		}
	}
	fclose(f);
	return found;
}

size_t interp_ro_dirs(const char *exe, char out[][256], size_t max)
{
	char dir[PATH_MAX], cfg[PATH_MAX + 16], home[PATH_MAX], real[PATH_MAX];
	size_t n = 0;
	if (strlen(exe) >= sizeof(dir))
		return 0;
	/* Python looks for pyvenv.cfg beside the binary and one level up. */
	memcpy(dir, exe, strlen(exe) + 1);
	for (int up = 0; up < 2; up++) {
		parent_dir(dir);
		snprintf(cfg, sizeof(cfg), "%s/pyvenv.cfg", dir);
		if (access(cfg, R_OK) != 0)
			continue;
		n = add_install(out, n, max, dir);
		if (venv_home(cfg, home, sizeof(home))) {
			parent_dir(home); /* .../bin -> the prefix */
			n = add_install(out, n, max, home);
		}
		break;
	}
	/* The binary the path leads to, and its installation's prefix (an
	 * interpreter built into /opt/python3.12, pyenv's versions). */
	if (realpath(exe, real)) {
		parent_dir(real);
		parent_dir(real);
		n = add_install(out, n, max, real);
	}
	return n;
}

void interp_version_probe(const char *exe, const char *flag, char *out, size_t cap)
{
	int p[2];
	char buf[4096];
	size_t got = 0;
	ssize_t r;
	out[0] = '\0';
	if (pipe2(p, O_CLOEXEC) < 0)
		return;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return;
	}
	if (pid == 0) {
		char *const argv[] = {(char *)exe, (char *)flag, NULL};
		char *const envp[] = {"PATH=/usr/bin:/bin", "LANG=C.UTF-8", NULL};
		int nul = open("/dev/null", O_RDONLY | O_CLOEXEC);
		if (nul >= 0)
			dup2(nul, 0);
		dup2(p[1], 1);
		dup2(p[1], 2);
		execve(exe, argv, envp);
		_exit(127);
	}
	close(p[1]);
	while (got < sizeof(buf) - 1 && (r = read(p[0], buf + got, sizeof(buf) - 1 - got)) > 0)
		got += (size_t)r;
	close(p[0]);
	int ws = 0;
	while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
		;
	buf[got] = '\0';
	buf[strcspn(buf, "\r\n")] = '\0';
	if (!WIFEXITED(ws) || WEXITSTATUS(ws) == 127)
		return;
	got = strlen(buf) < cap ? strlen(buf) : cap - 1;
	memcpy(out, buf, got);
	out[got] = '\0';
}

void interp_version(const char *state_dir, const char *exe, const char *flag, char *out, size_t cap)
{
	struct stat st;
	char key[PATH_MAX + 128], hex[65], path[PATH_MAX], tmp[PATH_MAX + 32];
	out[0] = '\0';
	if (!state_dir || stat(exe, &st) != 0) {
		interp_version_probe(exe, flag, out, cap);
		return;
	}
	/* The identity of what runs: a venv's python is a link, so the
	 * link's target decides (an upgrade replaces it). */
	char real[PATH_MAX];
	if (!realpath(exe, real))
		snprintf(real, sizeof(real), "%s", exe);
	int kn = snprintf(key, sizeof(key), "%s\n%s\n%llu:%llu:%lld:%lld", real, flag,
			  (unsigned long long)st.st_dev, (unsigned long long)st.st_ino,
			  (long long)st.st_size, (long long)st.st_mtime);
	sha256_hex(key, kn > 0 ? (size_t)kn : 0, hex);
	hex[24] = '\0';
	snprintf(path, sizeof(path), "%s/cache/interpreters/%s", state_dir, hex);
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0) {
		ssize_t n = read(fd, out, cap - 1);
		close(fd);
		if (n > 0) {
			out[n] = '\0';
			out[strcspn(out, "\n")] = '\0';
			return;
		}
	}
	interp_version_probe(exe, flag, out, cap);
	if (!out[0])
		return;
	/* Best effort: a cache that cannot be written costs a probe next
	 * time, nothing else. Written whole, then renamed into place. */
	char dir[PATH_MAX + 32];
	snprintf(dir, sizeof(dir), "%s/cache", state_dir);
	mkdir(state_dir, 0700);
	mkdir(dir, 0700);
	snprintf(dir, sizeof(dir), "%s/cache/interpreters", state_dir);
	mkdir(dir, 0700);
	snprintf(tmp, sizeof(tmp), "%s.%d.tmp", path, (int)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	bool ok = write_all(fd, out, strlen(out)) == 0;
	if (close(fd) != 0 || !ok || rename(tmp, path) != 0)
		unlink(tmp);
}
