/* handler_nodes — what a node behind a load balancer answers
 * (examples/haproxy): its readiness and capacity (GET /v1/ready), and a
 * session named here that another node holds (307 to its id). */
#include <stdio.h>
#include <string.h>
#include <sys/statvfs.h>

#include "serve/handler.h"
#include "serve/runner.h"
#include "serve/warm_pool.h"
#include "session/session.h"
#include "util/util.h"

/* GET /v1/ready: whether this node takes work now (a load balancer's
 * check; 503 while draining or with every place and the queue taken), and
 * its capacity. */
enum MHD_Result handler_ready(struct server *s, struct MHD_Connection *conn)
{
	unsigned run, wait;
	admission_counts(&s->admission, &run, &wait);
	bool draining = atomic_load(&s->draining);
	bool full = run >= s->cfg->max_concurrent && wait >= s->cfg->max_queue;
	/* Without a runner (it and its standby killed) no run can start: the
	 * load balancer must send the work to another node. */
	bool runner = runner_alive();
	bool ready = !draining && !full && runner;
	struct statvfs vfs;
	json_t *disk = statvfs(s->cfg->state_dir, &vfs) == 0
			   ? json_integer((json_int_t)vfs.f_bavail * (json_int_t)vfs.f_frsize)
			   : json_null();
	json_t *o =
	    json_pack("{s:b, s:b, s:b, s:i, s:i, s:i, s:i, s:i, s:I, s:o, s:o}", "ready", ready,
		      "draining", draining, "runner", runner, "running", run, "queued", wait,
		      "max_concurrent", s->cfg->max_concurrent, "max_queue", s->cfg->max_queue,
		      "free", run < s->cfg->max_concurrent ? s->cfg->max_concurrent - run : 0,
		      "sessions", (json_int_t)session_count(s->cfg->state_dir), "disk_free_bytes",
		      disk, "warm_pool", warm_pool_json());
	char *b = json_dumps(o, JSON_COMPACT);
	enum MHD_Result rc = respond_json(conn, ready ? 200 : 503, b, -1);
	free(b);
	json_decref(o);
	return rc;
}

int handler_session_name(const char *state_dir, const char *ref, char id[SESSION_ID_LEN + 1])
{
	if (!ref || !*ref || session_id_ok(ref))
		return 0;
	error_quiet(true); /* the client's to know, not the server's log */
	int rc = session_resolve(state_dir, ref, id);
	error_quiet(false);
	return rc == 0 ? 1 : -1;
}

/* A session another node answers for: 307 to the same route by its id.
 * A live lease of another node's daemon (session_lease.c) names that node,
 * also in the location's "?node=N", which the load balancer routes on
 * before the id (examples/haproxy): the session may have moved from the
 * node its id names. Without one, a session named (not by its id) whose id
 * carries another node goes to its id, which the load balancer routes to
 * that node, or to another when that node is down: with an expired lease,
 * whichever node gets it takes the session over. The name is looked up in
 * the state directory, which the nodes then share. 0 when this node
 * answers it. */
int handler_session_elsewhere(struct server *s, const struct api_route *r, char *location, size_t n)
{
	const char *suffix = r->op == API_SESSION_EXEC	 ? "/executions"
			     : r->op == API_SESSION_STOP ? "/stop"
			     : r->op == API_SESSION_TTL	 ? "/ttl"
			     : r->op == API_SESSION_GET || r->op == API_SESSION_DELETE ? ""
										       : NULL;
	char id[SESSION_ID_LEN + 1];
	int named =
	    suffix && handler_node() ? handler_session_name(s->cfg->state_dir, r->ref, id) : -1;
	if (named == 0 && session_id_ok(r->ref))
		memcpy(id, r->ref, sizeof id); /* an id: SESSION_ID_LEN and its NUL */
	else if (named != 1)
		return 0; /* not found: the route's own answer says so */
	error_quiet(true);
	unsigned holder = session_lease_holder(s->cfg->state_dir, id);
	error_quiet(false);
	if (holder && holder != handler_node()) {
		snprintf(location, n, "/v1/sessions/%s%s?node=%u", id, suffix, holder);
		return 1;
	}
	if (named != 1 || holder || session_id_node(id) == handler_node())
		return 0;
	snprintf(location, n, "/v1/sessions/%s%s", id, suffix);
	return 1;
}
