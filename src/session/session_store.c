/* session_store — a session's files: STATE/sessions/ID/ (mode 0700) holds
 * manifest.yaml (written whole: temporary file, fsync, rename), the lock
 * file, the daemon's socket and log, and the run directory (the kernel's
 * working directory and saved state; as root, under /var/tmp or /tmp:
 * session_create.c, which makes the ids and checks the names). Looked up,
 * described, listed, deleted and swept here. May call: state
 * (manifest_yaml, store names), util, libc.
 */
#include "session/session_int.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sandbox/rundir.h"
#include "sandbox/workdir.h"
#include "state/manifest.h"
#include "state/store.h"
#include "util/rmtree.h"
#include "util/statedir.h"
#include "util/front.h"
#include "util/util.h"

#define MANIFEST_MAX (1u << 20)

uint64_t session_now_ms(void)
{
	return (uint64_t)now_wall_ms();
}

void session_iso8601(uint64_t ms, char out[32])
{
	time_t t = (time_t)(ms / 1000);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int session_path(const char *state_dir, const char *id, const char *leaf, char *out, size_t n)
{
	int k = snprintf(out, n, "%s/sessions%s%s%s%s", state_dir, id ? "/" : "", id ? id : "",
			 leaf ? "/" : "", leaf ? leaf : "");
	if (k < 0 || (size_t)k >= n)
		return error("the session path under %s is too long: use a shorter --state-dir",
			     state_dir);
	return 0;
}

size_t session_count(const char *state_dir)
{
	char path[PATH_MAX];
	size_t n = 0;
	DIR *d = session_path(state_dir, NULL, NULL, path, sizeof path) == 0 ? opendir(path) : NULL;
	struct dirent *de;
	while (d && (de = readdir(d)))
		n += session_id_ok(de->d_name);
	if (d)
		closedir(d);
	return n;
}

bool session_id_ok(const char *s)
{
	if (strlen(s) != SESSION_ID_LEN || s[0] != 's')
		return false;
	for (size_t i = 1; i < SESSION_ID_LEN; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return false;
	return true;
}

unsigned session_id_node(const char *id)
{
	unsigned n = 0;
	for (int i = 1; i <= 2 && id[i]; i++)
		n = n * 16 + (unsigned)(id[i] <= '9' ? id[i] - '0' : id[i] - 'a' + 10);
	return n;
}

int session_this_node(void)
{
	const char *v = getenv(SESSION_NODE_ENV);
	char *end;
	if (!v || !*v)
		return 0;
	unsigned long n = strtoul(v, &end, 10);
	if (*end || n < 1 || n > 255 || !isdigit((unsigned char)*v))
		return error("%s='%.20s' is not a node number: give 1 to 255 (sbx serve --node "
			     "sets it), or unset it",
			     SESSION_NODE_ENV, v);
	return (int)n;
}

json_t *session_manifest_read(const char *state_dir, const char *id)
{
	char path[PATH_MAX];
	struct buf b = BUF_INIT;
	if (session_path(state_dir, id, SESSION_MANIFEST, path, sizeof path) < 0)
		return NULL;
	if (read_file(path, MANIFEST_MAX, &b) < 0) {
		buf_release(&b);
		error("session %s has no readable manifest (%s): delete it with 'sbx session "
		      "delete %s'",
		      id, path, id);
		return NULL;
	}
	json_t *m = manifest_yaml_load(b.data ? b.data : "", b.len, path);
	buf_release(&b);
	if (m && !json_is_object(m)) {
		json_decref(m);
		m = NULL;
		error("%s: not a session manifest", path);
	}
	return m;
}

int session_manifest_write(const char *state_dir, const char *id, json_t *m)
{
	char path[PATH_MAX], tmp[PATH_MAX + 32];
	if (session_path(state_dir, id, SESSION_MANIFEST, path, sizeof path) < 0)
		return -1;
	snprintf(tmp, sizeof tmp, "%s.%d.tmp", path, (int)getpid());
	struct buf b = BUF_INIT;
	manifest_yaml_emit(m, NULL, &b);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	int rc = -1;
	if (fd >= 0 && write_all(fd, b.data, b.len) == 0 && fsync(fd) == 0 && close(fd) == 0) {
		fd = -1;
		rc = rename(tmp, path) == 0 ? 0 : -1;
	}
	if (rc < 0) {
		error("cannot write %s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		unlink(tmp);
	}
	buf_release(&b);
	return rc;
}

int session_lock(const char *state_dir, const char *id)
{
	return session_lock_file(state_dir, id, SESSION_LOCK);
}

int session_lock_file(const char *state_dir, const char *id, const char *leaf)
{
	char path[PATH_MAX];
	if (session_path(state_dir, id, leaf, path, sizeof path) < 0)
		return -1;
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || flock(fd, LOCK_EX) < 0) {
		error("cannot lock %s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

int session_manifest_update(const char *state_dir, const char *id, json_t *patch)
{
	int lk = session_lock(state_dir, id);
	if (lk < 0)
		return -1;
	json_t *m = session_manifest_read(state_dir, id);
	int rc = -1;
	if (m) {
		json_object_update(m, patch);
		rc = session_manifest_write(state_dir, id, m);
		json_decref(m);
	}
	close(lk);
	return rc;
}

bool session_expired(json_t *m, uint64_t now_ms)
{
	json_t *e = json_object_get(m, "expires_at_ms");
	return json_is_integer(e) && (uint64_t)json_integer_value(e) <= now_ms;
}

/* Whether the manifest's text holds ref at all: a name lookup parses only
 * those (every exec by name reads every session's manifest). */
static bool may_be_named(const char *state_dir, const char *id, const char *ref)
{
	char path[PATH_MAX];
	struct buf b = BUF_INIT;
	bool maybe = session_path(state_dir, id, SESSION_MANIFEST, path, sizeof path) < 0 ||
		     read_file(path, MANIFEST_MAX, &b) < 0 ||
		     (b.len && memmem(b.data, b.len, ref, strlen(ref)));
	buf_release(&b);
	return maybe;
}

int session_resolve(const char *state_dir, const char *ref, char id[SESSION_ID_LEN + 1])
{
	char path[PATH_MAX];
	struct stat st;
	if (session_id_ok(ref) && session_path(state_dir, ref, NULL, path, sizeof path) == 0 &&
	    lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		memcpy(id, ref, SESSION_ID_LEN + 1);
		return 0;
	}
	if (!session_id_ok(ref) && store_check_name_for(ref, "session") < 0)
		return -1;
	/* The manifests only: a description would also knock on every
	 * session's socket (each daemon then holds the connection a while). */
	int rc = -1;
	DIR *d = session_path(state_dir, NULL, NULL, path, sizeof path) == 0 ? opendir(path) : NULL;
	struct dirent *de;
	while (d && (de = readdir(d))) {
		if (!session_id_ok(de->d_name) || !may_be_named(state_dir, de->d_name, ref))
			continue;
		json_t *m = session_manifest_read(state_dir, de->d_name);
		const char *nm = json_string_value(json_object_get(m, "name"));
		if (nm && !strcmp(nm, ref)) {
			memcpy(id, de->d_name, SESSION_ID_LEN); /* id_ok: that long */
			id[SESSION_ID_LEN] = 0;
			rc = 0;
		}
		json_decref(m);
	}
	if (d)
		closedir(d);
	if (rc < 0)
		error_of(ERROR_NOT_FOUND, "no session '%s'%s%s%s: %s", ref,
			 front_get() == FRONT_CLI ? " in " : "", front_path(state_dir, ""),
			 front_get() == FRONT_CLI ? "/sessions" : "",
			 front_hint("see 'sbx session list'", "GET /v1/sessions lists them",
				    "create_session makes one"));
	return rc;
}

json_t *session_read(const char *state_dir, const char *id)
{
	return session_manifest_read(state_dir, id);
}

/* A running daemon answers a sync once its writer thread has put on disk
 * what came before (session_persist.c); false when none is running (or
 * it was stopping: it closes without an answer). */
static bool sync_daemon(const char *state_dir, const char *id)
{
	bool started = false;
	int fd = session_connect(state_dir, id, false, &started);
	if (fd < 0)
		return false;
	struct timeval tv = {5, 0};
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	json_t *req = json_pack("{s:s}", "op", "sync");
	struct buf b = BUF_INIT;
	char type;
	/* A daemon that closes without a word was on its way out. */
	bool answered = proto_send_json(fd, req) == 0 && proto_recv(fd, &type, &b) == 1;
	buf_release(&b);
	json_decref(req);
	close(fd);
	return answered;
}

/* The workspace's kernels as the daemon last wrote them, each with its
 * resident memory read now (as the daemon's memory check reads it); none
 * runs while the daemon does not. The pid stays the daemon's business. */
static void describe_kernels(json_t *kernels, bool running)
{
	size_t i;
	json_t *k;
	json_array_foreach(kernels, i, k)
	{
		json_int_t pid = json_integer_value(json_object_get(k, "pid"));
		long long kb = running && pid > 0 ? session_account_rss_kb((int)pid) : -1;
		const char *state = json_string_value(json_object_get(k, "state"));
		bool alive = kb >= 0 && state && !strcmp(state, "running");
		json_object_set_new(k, "state", json_string(alive ? "running" : "stopped"));
		json_object_set_new(k, "memory_kb", alive ? json_integer(kb) : json_null());
		json_object_del(k, "pid");
	}
}

json_t *session_describe(const char *state_dir, const char *id)
{
	bool running = sync_daemon(state_dir, id);
	json_t *m = session_manifest_read(state_dir, id);
	if (!m)
		return NULL;
	const char *status = "stopped";
	if (session_expired(m, session_now_ms()))
		status = "expired";
	else if (running)
		status = "running";
	json_object_set_new(m, "status", json_string(status));
	/* an older manifest's "started" was never updated: status says it */
	json_object_del(m, "started");
	char t[32];
	json_t *e = json_object_get(m, "expires_at_ms");
	session_iso8601((uint64_t)json_integer_value(e), t);
	json_object_set_new(m, "expires_at", json_string(t));
	session_iso8601((uint64_t)json_integer_value(json_object_get(m, "last_exec_at_ms")), t);
	json_object_set_new(m, "last_exec_at", json_string(t));
	describe_kernels(json_object_get(m, "kernels"), running);
	session_describe_limits(m, running);
	return m;
}

static int by_created(const void *a, const void *b)
{
	json_int_t x = json_integer_value(json_object_get(*(json_t *const *)a, "created_at_ms"));
	json_int_t y = json_integer_value(json_object_get(*(json_t *const *)b, "created_at_ms"));
	return (x > y) - (x < y);
}

json_t *session_list(const char *state_dir)
{
	char dir[PATH_MAX];
	json_t *out = json_array();
	if (session_path(state_dir, NULL, NULL, dir, sizeof dir) < 0)
		return out;
	DIR *d = opendir(dir);
	if (!d)
		return out;
	/* Every session, however many: gc relies on seeing all of them. */
	json_t **v = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (!session_id_ok(de->d_name))
			continue;
		json_t *m = session_describe(state_dir, de->d_name);
		if (!m) /* shown, not hidden: it can only be deleted */
			m = session_broken(state_dir, de->d_name);
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			v = xrealloc(v, cap * sizeof *v);
		}
		v[n++] = m;
	}
	closedir(d);
	if (n)
		qsort(v, n, sizeof v[0], by_created);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(out, v[i]);
	free(v);
	return out;
}

/* Root's private run directories of session id (session_rundir's, and
 * an older sbx's /tmp/sbx-root-sessions/ID), found by name — the manifest
 * that names one may be gone or unreadable — and removed when they are
 * real directories of root's (rmtree_at follows no link). */
static void remove_root_rundirs(const char *id)
{
	if (geteuid() != 0)
		return;
	char prefix[64];
	snprintf(prefix, sizeof prefix, "sbx-session-%s-", id);
	const char *bases[] = {SESSION_ROOT_RUNDIR_BASE, "/tmp"};
	struct stat st;
	for (size_t i = 0; i < 2; i++) {
		DIR *d = opendir(bases[i]);
		struct dirent *e;
		while (d && (e = readdir(d))) {
			if (strncmp(e->d_name, prefix, strlen(prefix)) ||
			    strlen(e->d_name) != strlen(prefix) + 6 ||
			    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
			    !S_ISDIR(st.st_mode) || st.st_uid != 0)
				continue;
			if (rmtree_at(dirfd(d), e->d_name, 0) < 0)
				warning("could not remove all of %s/%s", bases[i], e->d_name);
		}
		if (d)
			closedir(d);
	}
	/* The old shared directory only when it is root's, opened without
	 * following a link: anyone could have made /tmp/sbx-root-sessions. */
	int old = open("/tmp/sbx-root-sessions", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (old >= 0 && fstat(old, &st) == 0 && st.st_uid == 0 &&
	    fstatat(old, id, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode) &&
	    st.st_uid == 0)
		(void)rmtree_at(old, id, 0);
	if (old >= 0)
		close(old);
}

/* From the id alone: a session whose manifest is bad or missing is
 * removed too (session_remove.c), its daemon stopped, else killed. */
int session_delete(const char *state_dir, const char *id)
{
	char dir[PATH_MAX];
	(void)session_stop(state_dir, id);
	session_kill_listener(state_dir, id); /* one that is still there */
	/* Not from the manifest's path: found and checked (an unprivileged
	 * user's is STATE/sessions/ID/run, removed with the rest below). */
	remove_root_rundirs(id);
	if (session_path(state_dir, id, NULL, dir, sizeof dir) < 0)
		return -1;
	if (rmtree_at(AT_FDCWD, dir, 0) < 0)
		return error("could not remove %s", dir);
	return 0;
}

/* A stopped session's leftovers of --stdin: the spools of clients killed
 * before they sent, and the stdin of an execution whose daemon was killed
 * (no daemon runs: nothing is queued). */
static void sweep_stopped(const char *rundir)
{
	int priv = rundir_open_private(rundir);
	if (priv >= 0) {
		session_stdin_sweep(priv, NULL, 0);
		unlinkat(priv, "stdin", 0);
		close(priv);
	}
}

int session_gc(const char *state_dir, unsigned *removed)
{
	json_t *all = session_list(state_dir);
	size_t i;
	json_t *s;
	int rc = 0;
	*removed = 0;
	json_array_foreach(all, i, s)
	{
		const char *st = json_string_value(json_object_get(s, "status"));
		if (!strcmp(st, "broken") && session_broken_collectable(s)) {
			const char *id = json_string_value(json_object_get(s, "id"));
			warning("session %s is broken (%s): removed", id,
				json_string_value(json_object_get(s, "error")));
			if (session_delete(state_dir, id) < 0)
				rc = -1;
			else
				(*removed)++;
			continue;
		}
		if (!strcmp(json_string_value(json_object_get(s, "status")), "stopped")) {
			sweep_stopped(json_string_value(json_object_get(s, "rundir")));
			continue;
		}
		if (strcmp(json_string_value(json_object_get(s, "status")), "expired"))
			continue;
		if (session_delete(state_dir, json_string_value(json_object_get(s, "id"))) < 0)
			rc = -1;
		else
			(*removed)++;
	}
	json_decref(all);
	return rc;
}
