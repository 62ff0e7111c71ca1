/* bash_shell_state — what a session's shell keeps between its commands:
 * the working directory and the exported variables, as a terminal's
 * shell would (README "Workspaces").
 *
 * Each command is a fresh bash; the startup file bash reads for a
 * non-interactive shell (BASH_ENV, written here into the kernel's TMPDIR)
 * sets an EXIT trap that writes $PWD and every exported NAME=value to a
 * dump file, NUL-separated. After the command the kernel keeps from it
 * the directory (relative to the workspace) and the variables the command
 * set (those that differ from sbx's own environment and from the
 * execution's --env, which is for that execution only), and saves them in
 * its private state directory beside the other kernels' states, where a
 * restarted kernel (stop/restore, the daemon's kill -9) reads them back;
 * --fresh removes them. The next command starts there with them.
 *
 * The trap is the code's own shell's: a command that sets its own EXIT
 * trap, execs another program or is killed keeps nothing of its own (the
 * earlier state stays), and exported functions are not kept.
 */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lang/lang_int.h"
#include "util/util.h"

#define DUMP_MAX (8u << 20) /* the exports one command leaves */

/* Variables bash itself sets in every shell: never the command's own. */
static bool bash_own(const char *name, size_t len)
{
	static const char *const own[] = {"PWD", "OLDPWD", "SHLVL", "_", "BASH_ENV"};
	for (size_t i = 0; i < sizeof own / sizeof *own; i++)
		if (strlen(own[i]) == len && !memcmp(own[i], name, len))
			return true;
	return false;
}

static void vars_free(struct bash_shell_state *st)
{
	for (size_t i = 0; i < st->nvars; i++)
		free(st->vars[i]);
	free(st->vars);
	st->vars = NULL;
	st->nvars = 0;
}

void bash_shell_state_clear(struct bash_shell_state *st)
{
	vars_free(st);
	free(st->dir);
	st->dir = NULL;
}

/* A whole file (bounded), NUL-terminated; NULL when absent or too big. */
static char *slurp(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	struct buf b = BUF_INIT;
	buf_init(&b, DUMP_MAX);
	char chunk[65536];
	ssize_t n;
	bool ok = true;
	while ((n = read(fd, chunk, sizeof chunk)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || !buf_append(&b, chunk, (size_t)n)) {
			ok = false;
			break;
		}
	}
	close(fd);
	if (!ok || !buf_append(&b, "", 1)) {
		free(b.data);
		return NULL;
	}
	*len = b.len - 1;
	return b.data ? b.data : xcalloc(1, 1);
}

/* Entry `i` of a NUL-separated list: "NAME=value" → its name's length. */
static size_t name_len(const char *entry)
{
	const char *eq = strchr(entry, '=');
	return eq ? (size_t)(eq - entry) : 0;
}

static const char *find_var(char *const *env, const char *name, size_t len)
{
	for (size_t i = 0; env && env[i]; i++)
		if (name_len(env[i]) == len && !memcmp(env[i], name, len))
			return env[i] + len + 1;
	return NULL;
}

bool bash_shell_state_load(struct bash_shell_state *st, const char *path)
{
	bash_shell_state_clear(st);
	size_t len = 0;
	char *data = slurp(path, &len);
	if (!data)
		return false;
	const char *end = data + len;
	st->dir = xstrdup(data);
	for (const char *p = data + strlen(data) + 1; p < end; p += strlen(p) + 1) {
		if (!name_len(p))
			continue;
		st->vars = xrealloc(st->vars, (st->nvars + 1) * sizeof *st->vars);
		st->vars[st->nvars++] = xstrdup(p);
	}
	free(data);
	return true;
}

long bash_shell_state_save(const struct bash_shell_state *st, const char *path)
{
	char tmp[PATH_MAX];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	const char *dir = st->dir ? st->dir : "";
	long size = (long)strlen(dir) + 1;
	int rc = write_all(fd, dir, strlen(dir) + 1);
	for (size_t i = 0; rc == 0 && i < st->nvars; i++) {
		rc = write_all(fd, st->vars[i], strlen(st->vars[i]) + 1);
		size += (long)strlen(st->vars[i]) + 1;
	}
	if (close(fd) < 0 || rc < 0 || rename(tmp, path) < 0) {
		unlink(tmp);
		return -1;
	}
	return size;
}

bool bash_shell_state_init_file(const char *init, const char *dump)
{
	/* The dump's path is sbx's TMPDIR: nothing in it needs quoting but
	 * the path is checked all the same. */
	if (strpbrk(dump, "'\"$`\\\n"))
		return false;
	int fd = open(init, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return false;
	/* Every variable's name by its first character ("${!A@}"...) and
	 * the exported ones by their attributes: builtins only, no process
	 * forked for it. builtin: the command's functions may shadow printf;
	 * set -u must not stop it. The shell's exit status stays the
	 * command's (a trap's is not kept). */
	static const char first[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_";
	char names[sizeof first * 10];
	size_t k = 0;
	for (const char *c = first; *c; c++)
		k += (size_t)snprintf(names + k, sizeof names - k, " \"${!%c@}\"", *c);
	int rc = dprintf(fd,
			 "unset BASH_ENV\n"
			 "trap 'set +eu; { builtin printf \"%%s\\0\" \"$PWD\"; for __sbx_n in%s; "
			 "do [[ ${!__sbx_n@a} == *x* ]] && builtin printf \"%%s=%%s\\0\" "
			 "\"$__sbx_n\" \"${!__sbx_n}\"; done; } >\"%s\" 2>/dev/null' EXIT\n",
			 names, dump);
	return close(fd) == 0 && rc > 0;
}

/* pwd's part under workdir ("" for workdir itself), NULL when outside. */
static const char *under(const char *pwd, const char *workdir)
{
	size_t n = strlen(workdir);
	if (strncmp(pwd, workdir, n) != 0 || (pwd[n] != '\0' && pwd[n] != '/'))
		return NULL;
	return pwd[n] ? pwd + n + 1 : "";
}

int bash_shell_state_update(struct bash_shell_state *st, const char *dump, const char *workdir,
			    char *const *sbx_env, struct json_t *exec_env, char *note, size_t n)
{
	note[0] = '\0';
	size_t len = 0;
	char *data = slurp(dump, &len);
	if (!data)
		return 0; /* an exec, a kill, its own EXIT trap: the state as it was */
	unlink(dump);
	const char *end = data + len;
	const char *rel = under(data, workdir);
	char *dir = rel ? xstrdup(rel) : NULL;
	if (!dir) {
		snprintf(note, n,
			 "sbx: the shell's working directory %s is outside the workspace: the "
			 "next command starts in the workspace's directory\n",
			 data);
		dir = xstrdup("");
	}
	struct bash_shell_state was = *st;
	st->dir = dir;
	st->vars = NULL;
	st->nvars = 0;
	for (const char *p = data + strlen(data) + 1; p < end; p += strlen(p) + 1) {
		size_t k = name_len(p);
		if (!k || bash_own(p, k))
			continue;
		char name[256];
		snprintf(name, sizeof name, "%.*s", (int)k, p);
		const char *given = json_string_value(json_object_get(exec_env, name));
		const char *base = find_var(sbx_env, p, k);
		const char *keep = p;
		if (given && !strcmp(given, p + k + 1))
			keep =
			    bash_shell_state_var(&was, p, k); /* --env's, for that execution only */
		else if (!given && base && !strcmp(base, p + k + 1))
			keep = NULL; /* sbx's own */
		if (!keep)
			continue;
		st->vars = xrealloc(st->vars, (st->nvars + 1) * sizeof *st->vars);
		st->vars[st->nvars++] = xstrdup(keep);
	}
	bool same = was.dir && !strcmp(was.dir, st->dir) && was.nvars == st->nvars;
	for (size_t i = 0; same && i < st->nvars; i++)
		same = !strcmp(was.vars[i], st->vars[i]);
	bash_shell_state_clear(&was);
	free(data);
	return same ? 1 : 2;
}

const char *bash_shell_state_var(const struct bash_shell_state *st, const char *name, size_t len)
{
	for (size_t i = 0; i < st->nvars; i++)
		if (name_len(st->vars[i]) == len && !memcmp(st->vars[i], name, len))
			return st->vars[i];
	return NULL;
}

void bash_shell_state_enter(const struct bash_shell_state *st, const char *workdir, char *pwd,
			    size_t n)
{
	snprintf(pwd, n, "%s", workdir);
	if (!st->dir || !st->dir[0])
		return;
	char want[PATH_MAX], real[PATH_MAX], root[PATH_MAX];
	snprintf(want, sizeof want, "%s/%s", workdir, st->dir);
	/* Where it leads now: a link renamed in since may lead out. */
	bool inside = realpath(want, real) && realpath(workdir, root) && under(real, root) != NULL;
	if (inside && chdir(want) == 0) {
		snprintf(pwd, n, "%s", want);
		return;
	}
	dprintf(2,
		"sbx: the shell's working directory %s is gone or outside the workspace: this "
		"command starts in the workspace's directory\n",
		st->dir);
	if (chdir(workdir) < 0)
		_exit(126);
}
