/* session_lease — which node runs a session when nodes share the state
 * directory (sbx serve --node N behind a load balancer, the directory on
 * NFS or a cloud volume): the node whose daemon holds the session's lease.
 *
 * The lease is a generation of files in the session's directory,
 * lease.1, lease.2, ...: the highest one that exists is the lease, and its
 * content ({"gen", "node", "pid", "expires_at_ms"}) says who holds it until
 * when. The holder renews it (a third of the duration after the last
 * renewal) by writing lease.G anew: a temporary file, fsync, rename over
 * it, all through the session directory's fd. Another node takes it only
 * once it has expired: it writes lease.G+1 as a temporary file and link(2)s
 * it to that name. link never replaces a name, on a local file system and
 * on NFS alike (the server decides), so of two nodes that race for the same
 * expired lease exactly one gets lease.G+1 and the other sees EEXIST: a
 * compare-and-swap on the generation. No fcntl or flock lock is involved:
 * a dead node's lock can outlive it (NFS lock recovery) and NFS has
 * implemented flock differently across versions; a lease just expires.
 * Old generations stay (one small file per takeover), so a reader that
 * probes the generations upward never misses the newest by racing a
 * removal.
 *
 * Why it is safe, and what it assumes: the nodes' clocks agree within a
 * fifth of the lease duration (SESSION_LEASE_SKEW; NTP keeps them within
 * milliseconds). The holder's renewal counts only when it checked that no
 * lease.G+1 exists and finished (rename, check again) before the old expiry
 * by its own clock; a taker takes only after that expiry plus the skew by
 * its clock. So a renewal that counts lands before a taker reads the
 * lease, and a taker never takes a lease that was renewed in time. A
 * holder that could not renew before its expiry (a long kernel start, a
 * stall, SIGSTOP, a hung file server) links lease.G+1 itself, as a taker
 * would; one that finds lease.G+1 taken has lost the lease for good and
 * stops without writing the session's state (session_daemon.c). What no
 * lease can prevent: a holder stalled in the middle of writing (a kernel
 * saving its state at an execution's end) writes once it wakes; the file
 * system would have to refuse a stale writer (a fencing token), which
 * neither NFS nor a local one does (README "Known limits").
 *
 * May call: session_store, util, libc.
 */
#include "session/session_int.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/util.h"

#define LEASE_DEFAULT_MS 30000
#define LEASE_MIN_MS	 300
#define LEASE_MAX_GEN	 1000000 /* a bound on the probe, far above any real takeover count */

uint64_t session_lease_ms(void)
{
	const char *v = getenv(SESSION_LEASE_ENV);
	char *end;
	unsigned long long ms = v && *v ? strtoull(v, &end, 10) : 0;
	if (!v || !*v || *end || ms < LEASE_MIN_MS || ms > 24ull * 3600 * 1000)
		return LEASE_DEFAULT_MS; /* sbx serve checked it at its start */
	return ms;
}

int session_lease_check_env(void)
{
	const char *v = getenv(SESSION_LEASE_ENV);
	char *end;
	if (!v || !*v)
		return 0;
	unsigned long long ms = strtoull(v, &end, 10);
	if (*end || ms < LEASE_MIN_MS || ms > 24ull * 3600 * 1000)
		return error("%s='%.20s' is not a lease duration: give milliseconds, %d to "
			     "86400000 (default %d), or unset it",
			     SESSION_LEASE_ENV, v, LEASE_MIN_MS, LEASE_DEFAULT_MS);
	return 0;
}

static int open_dir(const char *state_dir, const char *id)
{
	char dir[PATH_MAX];
	if (session_path(state_dir, id, NULL, dir, sizeof dir) < 0)
		return -1;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return error("cannot open %s: %s", dir, strerror(errno));
	return fd;
}

static void lease_name(unsigned long gen, char *out, size_t n)
{
	snprintf(out, n, "lease.%lu", gen);
}

static bool gen_exists(int dirfd, unsigned long gen)
{
	char name[32];
	lease_name(gen, name, sizeof name);
	return faccessat(dirfd, name, F_OK, AT_SYMLINK_NOFOLLOW) == 0;
}

/* lease.GEN's content into l; 0, or -1 when it cannot be read as a lease. */
static int read_gen(int dirfd, unsigned long gen, struct session_lease *l)
{
	char name[32];
	lease_name(gen, name, sizeof name);
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	char b[256];
	ssize_t r = read(fd, b, sizeof b - 1);
	close(fd);
	if (r <= 0)
		return -1;
	b[r] = 0;
	json_t *j = json_loads(b, 0, NULL);
	json_t *node = json_object_get(j, "node"), *pid = json_object_get(j, "pid"),
	       *exp = json_object_get(j, "expires_at_ms");
	int rc = json_is_integer(node) && json_is_integer(pid) && json_is_integer(exp) ? 0 : -1;
	if (rc == 0)
		*l = (struct session_lease){.gen = gen,
					    .node = (unsigned)json_integer_value(node),
					    .pid = (int)json_integer_value(pid),
					    .expires_at_ms = (uint64_t)json_integer_value(exp)};
	json_decref(j);
	return rc;
}

/* The newest generation into l: 1, 0 when there is none, -1 on an error. */
static int current(int dirfd, struct session_lease *l)
{
	/* Generations are never removed, so the ones that exist are 1..G:
	 * doubling, then halving, finds G in a few stats (a session's daemon
	 * takes a new one at each start). */
	if (!gen_exists(dirfd, 1))
		return 0;
	unsigned long lo = 1, hi = 2; /* lo exists; hi is to be probed */
	while (hi < LEASE_MAX_GEN && gen_exists(dirfd, hi))
		lo = hi, hi *= 2;
	while (hi - lo > 1) {
		unsigned long mid = lo + (hi - lo) / 2;
		if (gen_exists(dirfd, mid))
			lo = mid;
		else
			hi = mid;
	}
	unsigned long gen = lo;
	/* A lease.G that cannot be read (a takeover between its link and
	 * here is not it: the link publishes a complete, fsynced file) is
	 * one whose holder is unknown: treated as expired. */
	if (read_gen(dirfd, gen, l) < 0)
		*l = (struct session_lease){.gen = gen};
	return 1;
}

int session_lease_read(const char *state_dir, const char *id, struct session_lease *l)
{
	int dirfd = open_dir(state_dir, id);
	if (dirfd < 0)
		return -1;
	int rc = current(dirfd, l);
	close(dirfd);
	return rc;
}

bool session_lease_live(const struct session_lease *l, uint64_t now_ms)
{
	return now_ms < l->expires_at_ms + session_lease_ms() / SESSION_LEASE_SKEW;
}

unsigned session_lease_holder(const char *state_dir, const char *id)
{
	struct session_lease l;
	return session_lease_read(state_dir, id, &l) == 1 &&
		       session_lease_live(&l, session_now_ms())
		   ? l.node
		   : 0;
}

/* The lease's content as a temporary file of this process, fsynced: its
 * name into tmp. 0 or -1. */
static int write_tmp(int dirfd, const struct session_lease *l, char *tmp, size_t n)
{
	snprintf(tmp, n, "lease.tmp.%u.%d", l->node, (int)getpid());
	char b[200];
	int len = snprintf(b, sizeof b,
			   "{\"gen\": %lu, \"node\": %u, \"pid\": %d, \"expires_at_ms\": %llu}\n",
			   l->gen, l->node, l->pid, (unsigned long long)l->expires_at_ms);
	int fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0 || write_all(fd, b, (size_t)len) < 0 || fsync(fd) < 0) {
		error("cannot write the session's lease (%s): %s", tmp, strerror(errno));
		if (fd >= 0)
			close(fd);
		unlinkat(dirfd, tmp, 0);
		return -1;
	}
	return close(fd);
}

/* link(tmp, name) as a compare-and-swap: 0 when this call made the name,
 * 1 when it existed. NFS (v3) may retransmit a LINK whose reply was lost
 * and answer EEXIST to our own success: the temporary file's link count
 * then says 2. */
static int link_new(int dirfd, const char *tmp, const char *name)
{
	if (linkat(dirfd, tmp, dirfd, name, 0) == 0)
		return 0;
	int e = errno;
	struct stat st;
	if (e == EEXIST && fstatat(dirfd, tmp, &st, AT_SYMLINK_NOFOLLOW) == 0 && st.st_nlink == 2)
		return 0;
	if (e == EEXIST)
		return 1;
	return error("cannot take the session's lease (%s): %s", name, strerror(e));
}

int session_lease_take(const char *state_dir, const char *id, unsigned node,
		       struct session_lease *held, struct session_lease *other)
{
	int dirfd = open_dir(state_dir, id);
	if (dirfd < 0)
		return -1;
	struct session_lease cur = {0};
	int rc = current(dirfd, &cur);
	uint64_t now = session_now_ms();
	/* This node's own daemon that died (kill -9) left a live lease: its
	 * pid tells, on this node, that nobody runs the session. */
	bool own_dead =
	    rc == 1 && cur.node == node && cur.pid > 0 && kill(cur.pid, 0) < 0 && errno == ESRCH;
	if (rc == 1 && session_lease_live(&cur, now) && !own_dead) {
		*other = cur;
		close(dirfd);
		return 1;
	}
	if (rc < 0) {
		close(dirfd);
		return -1;
	}
	*held = (struct session_lease){.gen = cur.gen + 1,
				       .node = node,
				       .pid = (int)getpid(),
				       .expires_at_ms = now + session_lease_ms()};
	char tmp[64], name[32];
	lease_name(held->gen, name, sizeof name);
	rc = write_tmp(dirfd, held, tmp, sizeof tmp);
	if (rc == 0)
		rc = link_new(dirfd, tmp, name);
	unlinkat(dirfd, tmp, 0);
	if (rc == 1 && read_gen(dirfd, held->gen, other) < 0)
		*other = (struct session_lease){.gen = held->gen};
	close(dirfd);
	return rc;
}

/* Writes l (its gen's file) anew; 0, 1 when a newer generation exists or
 * the old expiry passed before it was done (lost), -1 on an error. */
static int rewrite(const char *state_dir, const char *id, struct session_lease *l,
		   uint64_t expires_at_ms)
{
	int dirfd = open_dir(state_dir, id);
	if (dirfd < 0)
		return -1;
	int rc = 1;
	if (!gen_exists(dirfd, l->gen + 1) && session_now_ms() < l->expires_at_ms) {
		struct session_lease n = *l;
		n.expires_at_ms = expires_at_ms;
		char tmp[64], name[32];
		lease_name(l->gen, name, sizeof name);
		rc = write_tmp(dirfd, &n, tmp, sizeof tmp);
		if (rc == 0 && renameat(dirfd, tmp, dirfd, name) < 0) {
			rc = error("cannot renew the session's lease (%s): %s", name,
				   strerror(errno));
			unlinkat(dirfd, tmp, 0);
		}
		/* Counts only if done before the old expiry, with no taker. */
		if (rc == 0 &&
		    (gen_exists(dirfd, l->gen + 1) || session_now_ms() >= l->expires_at_ms))
			rc = 1;
		if (rc == 0)
			l->expires_at_ms = expires_at_ms;
	}
	close(dirfd);
	return rc;
}

/* A lease of this holder's that expired before it was renewed (a kernel's
 * start longer than the lease, a stall) while no other node took it: the
 * next generation, linked as any taker would (so of this holder and a
 * taker exactly one gets it). Its memory is the session's newest state
 * exactly when nobody holds a newer generation. 0, 1 when lost, -1. */
static int retake(const char *state_dir, const char *id, struct session_lease *l)
{
	int dirfd = open_dir(state_dir, id);
	if (dirfd < 0)
		return -1;
	struct session_lease n = {.gen = l->gen + 1,
				  .node = l->node,
				  .pid = l->pid,
				  .expires_at_ms = session_now_ms() + session_lease_ms()};
	char tmp[64], name[32];
	lease_name(n.gen, name, sizeof name);
	int rc = gen_exists(dirfd, n.gen) ? 1 : write_tmp(dirfd, &n, tmp, sizeof tmp);
	if (rc == 0) {
		rc = link_new(dirfd, tmp, name);
		unlinkat(dirfd, tmp, 0);
	}
	if (rc == 0)
		*l = n;
	close(dirfd);
	return rc;
}

int session_lease_renew(const char *state_dir, const char *id, struct session_lease *l)
{
	int rc = rewrite(state_dir, id, l, session_now_ms() + session_lease_ms());
	return rc == 1 ? retake(state_dir, id, l) : rc;
}

bool session_lease_still(const char *state_dir, const char *id, const struct session_lease *l)
{
	int dirfd = open_dir(state_dir, id);
	if (dirfd < 0)
		return false;
	bool ok = !gen_exists(dirfd, l->gen + 1) && session_now_ms() < l->expires_at_ms;
	close(dirfd);
	return ok;
}

void session_lease_release(const char *state_dir, const char *id, struct session_lease *l)
{
	if (l->gen == 0)
		return; /* none taken */
	/* Expired at once: the next request's node takes it without waiting.
	 * A lease lost meanwhile is left as the new holder wrote it. */
	(void)rewrite(state_dir, id, l, 0);
}

int session_lease_start(const char *state_dir, const char *id, struct session_lease *l,
			double *renew_at, char *why, size_t n)
{
	int node = session_this_node();
	if (node <= 0)
		return node < 0 ? (snprintf(why, n, "%s", error_first_message()), -1) : 0;
	struct session_lease other;
	int r = session_lease_take(state_dir, id, (unsigned)node, l, &other);
	*renew_at = now_monotonic_ms() + (double)session_lease_ms() / 3;
	if (r == 1)
		snprintf(why, n, "%snode %u holds its lease (generation %lu)",
			 SESSION_HELD_ELSEWHERE, other.node, other.gen);
	else if (r < 0)
		snprintf(why, n, "%s", error_first_message());
	return r == 0 ? 1 : -1;
}

bool session_lease_keep(const char *state_dir, const char *id, struct session_lease *l,
			double *renew_at, bool starting)
{
	double now = now_monotonic_ms();
	bool lost = false;
	bool check = starting && !session_lease_still(state_dir, id, l);
	if (now >= *renew_at || check) {
		int r = session_lease_renew(state_dir, id, l);
		lost = r == 1 || (r < 0 && check);
		/* an error: tried again soon; lost once its expiry passed */
		*renew_at = now + (double)session_lease_ms() / (r == 0 ? 3 : 10);
	}
	if (lost)
		warning("session %s: its lease is lost (another node holds a newer one, or it "
			"could not be renewed in time): stopping without writing its state",
			id);
	return !lost;
}

bool session_node_gone(void)
{
	const char *v = getenv(SESSION_NODE_PID_ENV);
	long pid = v && *v ? strtol(v, NULL, 10) : 0;
	return pid > 0 && kill((pid_t)pid, 0) < 0 && errno == ESRCH;
}
