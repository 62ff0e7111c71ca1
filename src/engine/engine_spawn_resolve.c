/* engine_spawn_resolve — which binary a spawned run executes: a path as
 * given, else the system directories, then PATH, ELF binaries only.
 *
 * May call: libc.
 */
#include "engine/engine.h"

#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* True if path is an ELF executable, not a script: a pyenv shim on PATH
 * costs ~170 ms per start and is not visible inside the sandbox's root. */
static bool is_elf(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	unsigned char m[4];
	bool elf = read(fd, m, 4) == 4 && !memcmp(m, "\177ELF", 4);
	close(fd);
	return elf;
}

static bool try_candidate(const char *dir, size_t dlen, const char *name, char *out, size_t cap)
{
	char p[PATH_MAX], real[PATH_MAX];
	int n = snprintf(p, sizeof p, "%.*s/%s", (int)dlen, dir, name);
	if (n < 0 || (size_t)n >= sizeof p || access(p, X_OK) != 0 || !realpath(p, real))
		return false;
	struct stat st;
	if (stat(real, &st) != 0 || !S_ISREG(st.st_mode) || !is_elf(real) || strlen(real) >= cap)
		return false;
	memcpy(out, real, strlen(real) + 1);
	return true;
}

int engine_spawn_resolve(const char *command, const char *prefer_dir, char *out, size_t cap)
{
	if (!command || !*command)
		return -1;
	if (strchr(command, '/')) {
		/* A path is used as given, links and all: a virtualenv's
		 * bin/python is a link to the base interpreter, and Python
		 * finds its venv (pyvenv.cfg) from the path it was started by.
		 * Only a relative directory part is made absolute. */
		char real[PATH_MAX], dir[PATH_MAX];
		struct stat st;
		if (access(command, X_OK) != 0 || stat(command, &st) != 0 || !S_ISREG(st.st_mode))
			return -1;
		if (command[0] == '/') {
			snprintf(real, sizeof real, "%s", command);
		} else {
			const char *base = strrchr(command, '/');
			snprintf(dir, sizeof dir, "%.*s", (int)(base - command), command);
			char rdir[PATH_MAX];
			if (!realpath(dir, rdir))
				return -1;
			snprintf(real, sizeof real, "%s%s", rdir, base);
		}
		if (strlen(real) >= cap)
			return -1;
		memcpy(out, real, strlen(real) + 1);
		return 0;
	}
	if (prefer_dir && try_candidate(prefer_dir, strlen(prefer_dir), command, out, cap))
		return 0;
	/* The system directories first: the sandbox shows only /usr, and the
	 * user's PATH may lead to shims and wrappers. Then the rest of PATH,
	 * ELF binaries only. */
	static const char *const sys_dirs[] = {"/usr/bin", "/bin", "/usr/local/bin", NULL};
	for (size_t i = 0; sys_dirs[i]; i++)
		if (try_candidate(sys_dirs[i], strlen(sys_dirs[i]), command, out, cap))
			return 0;
	const char *path = getenv("PATH");
	for (const char *p = path; p && *p;) {
		const char *end = strchr(p, ':');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len && *p == '/' && try_candidate(p, len, command, out, cap))
			return 0;
		p = end ? end + 1 : p + len;
	}
	return -1;
}
