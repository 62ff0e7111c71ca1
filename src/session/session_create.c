/* session_create — a new session: its id, its run directory, its
 * manifest and its daemon (session_launch.c). A name is unique among the
 * sessions that have not expired: the check and the manifest that takes
 * the name are made under one lock (STATE/sessions/.names.lock), so two
 * creates at once (sbx processes, serve's runners, mcp's calls) cannot both
 * find a name free. May call: sandbox (rundir), state (store names),
 * util, libc.
 */
#include "session/session_int.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox/rundir.h"
#include "sandbox/workdir.h"
#include "state/store.h"
#include "util/front.h"
#include "util/statedir.h"
#include "util/util.h"

/* "s", the node (two hex digits), then 84 random bits. */
static int new_id(char id[SESSION_ID_LEN + 1])
{
	unsigned char r[11];
	int node = session_this_node();
	if (node < 0)
		return -1;
	if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r)
		return error("getrandom: %s", strerror(errno));
	static const char hex[] = "0123456789abcdef";
	id[0] = 's';
	id[1] = hex[node >> 4];
	id[2] = hex[node & 15];
	for (size_t i = 0; i < SESSION_ID_LEN - 3; i++)
		id[3 + i] = hex[(r[i / 2] >> (i % 2 ? 0 : 4)) & 15];
	id[SESSION_ID_LEN] = 0;
	return 0;
}

/* As root the kernel runs as a per-run uid that must reach its directory
 * by path even without namespaces, and the state directory is 0700 (below
 * /root, often): the run directory is then a private directory of its own
 * in /var/tmp (which a reboot keeps), made by mkdtemp — a fresh name,
 * created atomically, that nobody can have made first — and checked on
 * every use (rundir_open: a real directory, root's). Its path is in the
 * manifest; sbx-session-ID-* lets delete and gc find it without one. */
static int session_rundir(const char *state_dir, const char *id, char *out, size_t n)
{
	if (geteuid() == 0) {
		const char *bases[] = {SESSION_ROOT_RUNDIR_BASE, "/tmp"};
		for (size_t i = 0; i < 2; i++) {
			if ((size_t)snprintf(out, n, "%s/sbx-session-%s-XXXXXX", bases[i], id) >= n)
				return error("the session's run directory path is too long");
			if (mkdtemp(out))
				return 0;
		}
		return error("cannot create the session's run directory in %s or /tmp: %s",
			     SESSION_ROOT_RUNDIR_BASE, strerror(errno));
	}
	return session_path(state_dir, id, "run", out, n);
}

/* session create's --file copies, into the working directory the daemon
 * has just made (through rundir_open's fds, as the daemon's own copies
 * go: session_files.c), before any execution: the session starts with
 * them, and they are not among the files an execution made. */
static int copy_in_created(const char *rundir, json_t *m)
{
	struct workdir wd;
	char why[512];
	workdir_init(&wd);
	if (rundir_open(&wd, rundir) < 0)
		return -1;
	int rc = session_files_copy_in(&wd, m, why, sizeof why);
	rundir_close(&wd);
	return rc < 0 ? error("%s", why) : 0;
}

/* The name is taken: what to do, in the words of the front that asked. */
static int name_taken(const char *name, const char *other)
{
	if (front_get() == FRONT_CLI)
		return error_of(ERROR_CONFLICT,
				"a session named '%s' exists (%s): pick another -n NAME or delete "
				"it with 'sbx session delete %s'",
				name, other, name);
	return error_of(ERROR_CONFLICT,
			"a session named '%s' exists (%s): pick another \"name\"%s%s", name, other,
			front_hint(NULL, ", or delete it: DELETE /v1/sessions/", ""),
			front_get() == FRONT_MCP ? "" : name);
}

/* The names lock (see above), held until closed: its fd, else -1 after
 * an error message. */
static int names_lock(const char *state_dir)
{
	char path[PATH_MAX];
	if ((size_t)snprintf(path, sizeof path, "%s/sessions/.names.lock", state_dir) >=
	    sizeof path)
		return error("the state directory's path is too long: %s", state_dir);
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return error("cannot open %s: %s", path, strerror(errno));
	while (flock(fd, LOCK_EX) < 0)
		if (errno != EINTR) {
			error("cannot lock %s: %s", path, strerror(errno));
			close(fd);
			return -1;
		}
	return fd;
}

/* Whether name is free: no session that has not expired holds it. */
static int name_free(const char *state_dir, const char *name)
{
	json_t *all = session_list(state_dir);
	size_t i;
	json_t *s;
	json_array_foreach(all, i, s)
	{
		const char *nm = json_string_value(json_object_get(s, "name"));
		if (nm && !strcmp(nm, name) &&
		    strcmp(json_string_value(json_object_get(s, "status")), "expired")) {
			char other[SESSION_ID_LEN + 1];
			snprintf(other, sizeof other, "%s",
				 json_string_value(json_object_get(s, "id")));
			json_decref(all);
			return name_taken(name, other);
		}
	}
	json_decref(all);
	return 0;
}

/* The session's directory and manifest (under the names lock when it has
 * a name: the manifest takes it). */
static int create_manifest(const char *state_dir, const struct session_new *sn,
			   char id[SESSION_ID_LEN + 1], char rundir[PATH_MAX], json_t **mp)
{
	char dir[PATH_MAX];
	/* On a failure here nothing is made for session_delete to remove. */
	if (new_id(id) < 0 || session_path(state_dir, id, NULL, dir, PATH_MAX) < 0 ||
	    session_rundir(state_dir, id, rundir, PATH_MAX) < 0) {
		id[0] = '\0';
		return -1;
	}
	if (mkdir(dir, 0700) < 0) {
		id[0] = '\0';
		return error("cannot create %s: %s", dir, strerror(errno));
	}
	uint64_t now = session_now_ms();
	char created[32];
	session_iso8601(now, created);
	json_t *files = json_array();
	for (size_t i = 0; i < sn->nfiles; i++) {
		char *abs = realpath(sn->files[i].src, NULL); /* the daemon's cwd is not ours */
		json_array_append_new(files,
				      json_pack("{s:s, s:s}", "src", abs ? abs : sn->files[i].src,
						"name", sn->files[i].name));
		free(abs);
	}
	json_t *m = json_pack(
	    "{s:s, s:o, s:s, s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:s, s:I, s:o, s:I}", "id", id,
	    "name", sn->name ? json_string(sn->name) : json_null(), "language", sn->lang->name,
	    "created_at", created, "created_at_ms", (json_int_t)now, "last_exec_at_ms",
	    (json_int_t)now, "expires_at_ms", (json_int_t)(now + sn->ttl_ms), "ttl_ms",
	    (json_int_t)sn->ttl_ms, "idle_ms", (json_int_t)sn->idle_ms, "memory_bytes",
	    (json_int_t)sn->memory_bytes, "rundir", rundir, "execution_count", (json_int_t)0,
	    "files", files, "files_bytes", (json_int_t)sn->files_bytes);
	json_object_set_new(m, "disk_bytes", json_integer((json_int_t)sn->disk_bytes));
	json_object_set_new(m, "require", json_integer((json_int_t)sn->require));
	*mp = m;
	return session_manifest_write(state_dir, id, m);
}

int session_create(const char *state_dir, const struct session_new *sn, char id[SESSION_ID_LEN + 1])
{
	char rundir[PATH_MAX];
	if (sn->name && store_check_name_for(sn->name, "session") < 0)
		return -1;
	if (statedir_ensure(state_dir) < 0 || statedir_ensure_sub(state_dir, "sessions") < 0)
		return -1;
	int lk = sn->name ? names_lock(state_dir) : -1;
	if (sn->name && (lk < 0 || name_free(state_dir, sn->name) < 0)) {
		if (lk >= 0)
			close(lk);
		return -1;
	}
	json_t *m = NULL;
	id[0] = '\0';
	int rc = create_manifest(state_dir, sn, id, rundir, &m);
	if (lk >= 0)
		close(lk); /* the manifest holds the name now (or nothing does) */
	if (rc == 0)
		rc = session_launch(state_dir, id);
	if (rc == 0 && sn->nfiles)
		rc = copy_in_created(rundir, m);
	json_decref(m);
	if (rc < 0 && id[0])
		session_delete(state_dir, id);
	return rc;
}
