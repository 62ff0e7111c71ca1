/* isolate_plan — decides an interpreter run's isolation before anything
 * starts: which layers to try (SBX_NO_NAMESPACES, Landlock's ABI, a cgroup
 * for the run), what its root will hold (the table below, globs resolved
 * now: nothing allocates after the clone), the generated passwd and group,
 * and, as root, the work tree handed to the run's uid.
 *
 * May call: cgroup, landlock, util, libc. Called by sandbox.c (prepare) and
 * isolate_ns.c (the doctor's probe plans a root too).
 */
#include "sandbox/isolate.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/lang.h"
#include "sandbox/isolate_int.h"
#include "sandbox/rundir.h"
#include "sandbox/landlock.h"
#include "util/profile.h"
#include "util/util.h"

/* Top-level directories: symlinks on merged-/usr systems (copied as links),
 * real directories elsewhere (bound read-only). */
static const char *const top_dirs[] = {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"};

/* /etc pieces every program may read, with the languages' own (the
 * language table's etc_paths); everything else in /etc stays out (shadow,
 * ssh keys, the host's passwd). A trailing '*' is a glob. */
static const char *const etc_pieces[] = {
    "/etc/ld.so.cache",	  /* the dynamic loader's library index */
    "/etc/alternatives",  /* /usr/bin/java etc. are links through here */
    "/etc/localtime",	  /* the time zone */
    "/etc/ssl",		  /* CA certificates (TLS libraries open them at start) */
    "/etc/nsswitch.conf", /* how getpwuid() finds the generated passwd */
    "/etc/fonts",	  /* fontconfig, for R and Java graphics */
    "/etc/mime.types",	  /* python's mimetypes and Java's content types */
};

/* Device nodes a program may use: the data sinks and sources. */
static const char *const dev_nodes[] = {"/dev/null", "/dev/zero", "/dev/full", "/dev/random",
					"/dev/urandom"};

void isolate_note(struct isolate_state *st, const char *fmt, ...)
{
	size_t len = strlen(st->note);
	va_list ap;
	if (len && len + 2 < sizeof(st->note)) {
		memcpy(st->note + len, "; ", 3);
		len += 2;
	}
	if (len >= sizeof(st->note) - 1)
		return;
	va_start(ap, fmt);
	vsnprintf(st->note + len, sizeof(st->note) - len, fmt, ap);
	va_end(ap);
}

static int add_entry(struct isolate_state *st, const char *path, enum isolate_entry_kind kind)
{
	struct isolate_entry *e;
	struct stat sb;
	if (st->nentries >= ISOLATE_MAX_MOUNTS || strlen(path) >= sizeof(e->path))
		return -1;
	if (lstat(path, &sb) < 0)
		return 0; /* not on this system */
	e = &st->entries[st->nentries];
	memset(e, 0, sizeof(*e));
	memcpy(e->path, path, strlen(path) + 1);
	if (S_ISLNK(sb.st_mode) && kind != ISO_BIND_DEV) {
		ssize_t n = readlink(path, e->target, sizeof(e->target) - 1);
		if (n <= 0 || (size_t)n >= sizeof(e->target) - 1)
			return 0;
		e->target[n] = '\0';
		e->kind = ISO_SYMLINK;
	} else {
		e->kind = (unsigned char)kind;
		e->is_dir = S_ISDIR(sb.st_mode);
	}
	st->nentries++;
	return 0;
}

static void add_etc_piece(struct isolate_state *st, const char *piece)
{
	glob_t g;
	size_t k;
	if (!strchr(piece, '*')) {
		add_entry(st, piece, ISO_BIND_RO);
		return;
	}
	if (glob(piece, GLOB_NOSORT, NULL, &g) == 0)
		for (k = 0; k < g.gl_pathc; k++)
			add_entry(st, g.gl_pathv[k], ISO_BIND_RO);
	globfree(&g);
}

void isolate_plan_root(struct isolate_state *st)
{
	size_t i;
	st->nentries = 0;
	/* /usr: the interpreters and their libraries, read-only. */
	add_entry(st, "/usr", ISO_BIND_RO);
	for (i = 0; i < sizeof(top_dirs) / sizeof(top_dirs[0]); i++)
		add_entry(st, top_dirs[i], ISO_BIND_RO);
	for (i = 0; i < sizeof(etc_pieces) / sizeof(etc_pieces[0]); i++)
		add_etc_piece(st, etc_pieces[i]);
	/* Every language's, not only the run's: one plan for all (a session
	 * may later run several languages). */
	for (i = 0; i < LANG_COUNT; i++)
		for (const char *const *p = lang_get((enum lang_id)i)->etc_paths; *p; p++)
			add_etc_piece(st, *p);
	for (i = 0; i < sizeof(dev_nodes) / sizeof(dev_nodes[0]); i++)
		add_entry(st, dev_nodes[i], ISO_BIND_DEV);
}

/* Gives the workdir tree to the run's uid (sbx as root only). The tree was
 * just written by sbx itself; links are never followed. */
static int chown_tree(int dirfd, uid_t uid, gid_t gid, int depth)
{
	DIR *d;
	struct dirent *de;
	int rc = 0;
	if (depth > 32)
		return -1;
	d = fdopendir(dirfd);
	if (!d) {
		close(dirfd);
		return -1;
	}
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (fchownat(dirfd, de->d_name, uid, gid, AT_SYMLINK_NOFOLLOW) < 0)
			rc = -1;
		if (de->d_type == DT_DIR) {
			int sub = openat(dirfd, de->d_name,
					 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub < 0 || chown_tree(sub, uid, gid, depth + 1) < 0)
				rc = -1;
		}
	}
	closedir(d);
	return rc;
}

/* A session's run directory (rundir.h), as root: the writable
 * subdirectories go to the run's uid; the directory itself and sbx's
 * private one stay root's, with the run's group allowed to walk and read
 * (0750), so the code can neither rename nor replace what sbx writes to.
 * Takes fd. */
static int hand_over_some(int fd, const char *const *rw_dirs, const struct isolate_state *st)
{
	int rc = fchown(fd, 0, st->host_gid) == 0 && fchmod(fd, 0750) == 0 ? 0 : -1;
	int priv = openat(fd, WORKDIR_PRIVATE, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (priv < 0 || fchown(priv, 0, st->host_gid) < 0 || fchmod(priv, 0750) < 0)
		rc = -1;
	for (size_t i = 0; rc == 0 && rw_dirs[i]; i++) {
		int sub = rundir_open_beneath(fd, rw_dirs[i]);
		if (sub < 0 || fchown(sub, st->host_uid, st->host_gid) < 0)
			rc = -1;
		if (sub >= 0 && chown_tree(sub, st->host_uid, st->host_gid, 0) < 0)
			rc = -1; /* chown_tree closes sub */
	}
	if (priv >= 0)
		close(priv);
	close(fd);
	return rc;
}

static bool env_flag(const char *name)
{
	const char *v = getenv(name);
	return v && *v && strcmp(v, "0") != 0;
}

int isolate_prepare(const struct request *req, const struct sandbox_plan *plan,
		    struct isolate_state *st)
{
	const char *reason = NULL;
	char why[200] = "";

	memset(st, 0, sizeof(*st));
	st->sync_fd = -1;
	st->require = req->require;
	st->workdir = plan->workdir;
	st->rw_dirs = plan->rw_dirs;
	st->gated = plan->gated;
	if (plan->workdir) {
		/* The step runs in a subdirectory of the run directory (the
		 * code's working directory; javac in sbx's private files): the
		 * sandbox gets the whole run directory. */
		const char *run_dir = plan->rundir ? plan->rundir : plan->workdir;
		size_t len = strlen(run_dir);
		if (len >= sizeof(st->run_dir)) {
			snprintf(st->note, sizeof(st->note), "working directory path too long");
			return -1;
		}
		memcpy(st->run_dir, run_dir, len);
		st->run_dir[len] = '\0';
		st->workdir = st->run_dir;
	}
	st->want = LAYER_SECCOMP | LAYER_RLIMITS | LAYER_NAMESPACES | LAYER_LANDLOCK | LAYER_CGROUP;
	st->is_root = geteuid() == 0;
	if (st->is_root) {
		st->uid_shared = plan->uid_of > 0;
		st->host_uid = (uid_t)(ISOLATE_UID_BASE +
				       (unsigned)(st->uid_shared ? plan->uid_of : getpid()));
		st->host_gid = (gid_t)st->host_uid;
	} else {
		st->host_uid = geteuid();
		st->host_gid = getegid();
	}

	if (env_flag("SBX_NO_NAMESPACES")) {
		st->want &= ~LAYER_NAMESPACES;
		isolate_note(st, "namespaces off (SBX_NO_NAMESPACES=1)");
		if (st->require & LAYER_NAMESPACES) {
			snprintf(st->note, sizeof(st->note),
				 "--require namespaces: SBX_NO_NAMESPACES=1 turns them off");
			return -2;
		}
	}

	st->landlock_abi = landlock_abi_version(&reason);
	if (!st->landlock_abi) {
		st->want &= ~LAYER_LANDLOCK;
		isolate_note(st, "no Landlock: %s", reason);
		if (st->require & LAYER_LANDLOCK) {
			snprintf(st->note, sizeof(st->note), "--require landlock: %s", reason);
			return -2;
		}
	}

	/* A cgroup gives a memory limit that works for the JVM, a pids limit
	 * and a complete kill. Named after our pid: unique among live runs. */
	{
		char tag[48];
		snprintf(tag, sizeof(tag), "sbx-%d", (int)getpid());
		if (cgroup_create(&st->cg, plan->cgroup_parent, tag, req->limits.memory_bytes,
				  req->limits.cpu_ms != 0, why, sizeof(why)) == 0) {
			st->cgroup = st->cg.kind;
			snprintf(st->cgroup_path, sizeof(st->cgroup_path), "%s", st->cg.mem);
			profile_mark("cgroup created");
		} else {
			st->want &= ~LAYER_CGROUP;
			isolate_note(st, "no cgroup: %s", why);
			if (st->require & LAYER_CGROUP) {
				snprintf(st->note, sizeof(st->note), "--require cgroup: %s", why);
				return -2;
			}
		}
	}

	isolate_plan_root(st);
	for (size_t i = 0; plan->ro_dirs && plan->ro_dirs[i]; i++) {
		if (i >= ISOLATE_MAX_EXTRA || strlen(plan->ro_dirs[i]) >= sizeof(st->extra[0]) ||
		    plan->ro_dirs[i][0] != '/') {
			snprintf(st->note, sizeof(st->note),
				 "cannot show %s in the sandbox: too many directories or the path "
				 "is too long",
				 plan->ro_dirs[i]);
			cgroup_destroy(&st->cg);
			return -1;
		}
		memcpy(st->extra[i], plan->ro_dirs[i], strlen(plan->ro_dirs[i]) + 1);
		st->nextra = (unsigned)i + 1;
	}
	snprintf(st->passwd, sizeof(st->passwd), "sandbox:x:%u:%u:sandbox:%s:/usr/sbin/nologin\n",
		 ISOLATE_INSIDE_ID, ISOLATE_INSIDE_ID, plan->workdir ? plan->workdir : "/");
	snprintf(st->group, sizeof(st->group), "sandbox:x:%u:\n", ISOLATE_INSIDE_ID);

	/* The run's uid must own its working directory. */
	if (st->is_root && st->workdir) {
		int fd = open(st->workdir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 ||
		    (plan->rw_dirs ? hand_over_some(fd, plan->rw_dirs, st) < 0
				   : fchown(fd, st->host_uid, st->host_gid) < 0 ||
					 chown_tree(fd, st->host_uid, st->host_gid, 0) < 0)) {
			snprintf(st->note, sizeof(st->note),
				 "cannot hand the working directory %s to the sandbox uid: %s",
				 plan->workdir, strerror(errno));
			cgroup_destroy(&st->cg);
			return -1;
		}
	}
	return 0;
}
