/* routes — the HTTP routes' table (routes.h). */
#include "serve/routes.h"

#include <stdio.h>
#include <string.h>

#include "core/request_keys.h"

/* --- the query parameters each route takes ---------------------------- */

static const char *const stats_params[] = {"deployment", "language",	"label", "since",
					   "until",	 "code_sha256", NULL};
static const char *const list_params[] = {"language", "status", NULL};
static const char *const events_params[] = {"label", "deployment", "session", "language",
					    "since", "follow",	   NULL};
static const char *const session_list_params[] = {"status", "language", NULL};
/* sbx batch's own options and the run defaults it forwards. */
static const char *const batch_params[] = {"jobs",   "shard",	 "language",   "timeout",
					   "memory", "cpu_time", "max_output", NULL};
/* A session's routes: "node", the node a redirect names (a load balancer's
 * hint, examples/haproxy; the server itself reads the session's lease). */
static const char *const session_params[] = {"node", NULL};
static const char *const files_get_params[] = {"path", "node", NULL};
static const char *const files_put_params[] = {"path", "directory", "parents", "node", NULL};
static const char *const files_delete_params[] = {"path", "recursive", "node", NULL};
static const char *const run_state_params[] = {"wait", NULL};
/* What E2B's SDK sends: envd's path and user, the SDK's source, and the
 * sandbox list's filters (read or ignored by serve/handler_e2b.c). */
static const char *const e2b_params[] = {
    "path",	 "username",	 "source",   "metadata", "state", "limit", "order",
    "nextToken", "startedAfter", "template", "start",	 "end",	  NULL};
static const char *const none[] = {NULL};

#define BODY	ROUTE_BODY
#define SPAWNS	ROUTE_SPAWNS
#define STREAMS ROUTE_STREAMS
#define DEP	ROUTE_DEPLOYMENT
#define SES	ROUTE_SESSION
#define RUN_ID	ROUTE_RUN_ID
#define NOP	ROUTE_NO_PARAM

/* In the OpenAPI document's order; a path's methods in the order a 405
 * lists them. */
const struct route_row routes[] = {
    {"GET", "/v1/health", API_HEALTH, ROUTE_OPEN, NOP, 0, 0, none, "liveness and load"},
    {"GET", "/v1/ready", API_READY, 0, NOP, 0, 0, none, "readiness and capacity"},
    {"GET", "/v1/openapi.json", API_OPENAPI, 0, NOP, 0, 0, none, "this document"},
    {"GET", "/v1/doctor", API_DOCTOR, SPAWNS, NOP, 0, 0, none, "sbx doctor --json"},
    {"GET", "/v1/stats", API_STATS, SPAWNS, NOP, 0, 0, stats_params, "sbx stats --json"},
    {"POST", "/v1/run", API_RUN, BODY | SPAWNS | STREAMS, NOP, 0, RK_RUN, none,
     "sbx run --request -"},
    {"POST", "/v1/prepare", API_PREPARE, BODY | SPAWNS, NOP, 0, RK_PREPARE, none,
     "sbx prepare --json"},
    {"GET", "/v1/deployments", API_LIST, SPAWNS, NOP, 0, 0, list_params, "sbx list --json"},
    {"POST", "/v1/deployments", API_DEPLOY, BODY | SPAWNS, NOP, 0, RK_DEPLOY, none,
     "sbx deploy --json"},
    {"GET", "/v1/deployments/{ref}", API_GET, SPAWNS, DEP, 0, 0, none, "sbx get --json"},
    {"DELETE", "/v1/deployments/{ref}", API_DELETE, SPAWNS, DEP, 0, 0, none, "sbx delete"},
    {"POST", "/v1/deployments/{ref}/executions", API_EXEC, BODY | SPAWNS | STREAMS, DEP, 0, RK_EXEC,
     none, "sbx exec-deployment --request -"},
    {"GET", "/v1/events", API_EVENTS, 0, NOP, 0, 0, events_params,
     "sbx events --follow: the live events of every execution on this state directory"},
    {"GET", "/v1/sessions", API_SESSION_LIST, SPAWNS, NOP, 0, 0, session_list_params,
     "sbx session list --json"},
    {"POST", "/v1/sessions", API_SESSION_CREATE, BODY | SPAWNS, NOP, 0, RK_SESSION_CREATE, none,
     "sbx session create --json"},
    {"POST", "/v1/batch", API_BATCH, BODY | SPAWNS | STREAMS, NOP, 0, 0, batch_params,
     "sbx batch: one request per line (the keys of a batch line), at most 10000 lines and "
     "the server's --max-body; the records stream back as NDJSON, in input order, as they are "
     "done (a line sbx refuses gets an sbx_error record, as locally)"},
    {"GET", "/v1/sessions/{ref}", API_SESSION_GET, SPAWNS, SES, 0, 0, session_params,
     "sbx session get --json"},
    {"DELETE", "/v1/sessions/{ref}", API_SESSION_DELETE, SPAWNS, SES, 0, 0, session_params,
     "sbx session delete"},
    {"POST", "/v1/sessions/{ref}/stop", API_SESSION_STOP, SPAWNS, SES, 0, 0, session_params,
     "sbx session stop --json: state saved, processes stopped; the next execution restores "
     "it"},
    {"POST", "/v1/sessions/{ref}/ttl", API_SESSION_TTL, BODY | SPAWNS, SES, 0, RK_SESSION_TTL,
     session_params,
     "sbx session ttl --json: the session expires ttl from now, and each execution renews it "
     "by ttl (E2B's setTimeout)"},
    {"POST", "/v1/sessions/{ref}/executions", API_SESSION_EXEC, BODY | SPAWNS | STREAMS, SES, 0,
     RK_SESSION_EXEC, session_params,
     "sbx session exec --request -: streams with Accept: application/x-ndjson, as POST "
     "/v1/run"},
    /* Answered in the connection's thread (session_files_http.c); the PUT
     * body is the file's raw bytes, not JSON. */
    {"GET", "/v1/sessions/{ref}/files", API_SESSION_FILES_GET, 0, SES, 0, 0, files_get_params,
     "sbx session files REF ls P / get P: a directory's listing, or a file's bytes"},
    {"PUT", "/v1/sessions/{ref}/files", API_SESSION_FILES_PUT, 0, SES, 0, 0, files_put_params,
     "sbx session files REF put - P (or mkdir [-p] P with directory=1): writes a file's "
     "bytes"},
    {"DELETE", "/v1/sessions/{ref}/files", API_SESSION_FILES_DELETE, 0, SES, 0, 0,
     files_delete_params,
     "sbx session files REF rm [-r] P: removes a file (a directory with recursive=1)"},
    {"POST", "/v1/runs", API_RUN, BODY | SPAWNS | STREAMS, NOP, 0, RK_RUN, none,
     "sbx run --request -, as POST /v1/run (the name of a run started with \"wait\": false)"},
    {"GET", "/v1/runs/{id}", API_RUN_STATE, 0, RUN_ID, 0, 0, run_state_params,
     "an asynchronous run's state; once ended, its record (kept 24 hours, the last 1024, "
     "across restarts)"},
    {"DELETE", "/v1/runs/{id}", API_RUN_CANCEL, 0, RUN_ID, 0, 0, none,
     "cancels a queued or running run (SIGTERM, as when a synchronous run's client hangs up: "
     "its record says signaled, error Cancelled) and answers its state once it has ended (at "
     "most 60 s); an ended run's state as it is. A session's execution that has begun "
     "finishes in the session: 409"},
    /* The Piston API (serve/compat/piston.c). */
    {"GET", "/api/v2/runtimes", API_PISTON_RUNTIMES, 0, NOP, SERVE_COMPAT_PISTON, 0, none,
     "Piston's runtimes (sbx serve --compat piston)"},
    {"POST", "/api/v2/execute", API_PISTON_EXECUTE, BODY | SPAWNS, NOP, SERVE_COMPAT_PISTON, 0,
     none, "Piston's execute: a run, answered as Piston (sbx serve --compat piston)"},
    /* SmythOS SRE's ECMASandbox connector (serve/handler_sre.c). */
    {"POST", "/sre/execute", API_SRE_EXECUTE, BODY | SPAWNS, NOP, SERVE_COMPAT_SRE, 0, none,
     "SmythOS SRE's ECMASandbox sandboxUrl (sbx serve --compat sre)"},
    /* E2B's SDK (serve/handler_e2b.c): its paths after /e2b, which
     * E2B_API_URL and E2B_SANDBOX_URL end with; its handler routes them. */
    {"*", "/e2b/*", API_E2B, 0, ROUTE_REST, SERVE_COMPAT_E2B, 0, e2b_params,
     "E2B's control plane, envd and code interpreter (sbx serve --compat e2b)"},
};
const size_t routes_count = sizeof routes / sizeof routes[0];

const struct compat_api compat_apis[] = {
    {SERVE_COMPAT_PISTON, "Piston", "piston", "/api/v2/"},
    {SERVE_COMPAT_SRE, "SRE", "sre", "/sre/"},
    {SERVE_COMPAT_E2B, "E2B", "e2b", "/e2b/"},
    {0, NULL, NULL, NULL},
};

const struct compat_api *compat_api_of_path(const char *path)
{
	for (const struct compat_api *c = compat_apis; path && c->bit; c++)
		if (!strncmp(path, c->prefix, strlen(c->prefix)))
			return c;
	return NULL;
}

const struct compat_api *compat_api_of(unsigned bit)
{
	const struct compat_api *c = compat_apis;
	while (c->bit && c->bit != bit)
		c++;
	return c->bit ? c : &compat_apis[0];
}

const struct compat_api *compat_api_named(const char *option)
{
	for (const struct compat_api *c = compat_apis; option && c->bit; c++)
		if (!strcmp(option, c->option))
			return c;
	return NULL;
}

void compat_api_list(char *out, size_t n)
{
	size_t count = 0, used = 0;
	while (compat_apis[count].bit)
		count++;
	out[0] = '\0';
	for (size_t i = 0; i < count && used < n; i++) {
		int w = snprintf(out + used, n - used, "%s%s",
				 i == 0		  ? ""
				 : i + 1 == count ? " and "
						  : ", ",
				 compat_apis[i].option);
		used += w > 0 ? (size_t)w : 0;
	}
}

const struct route_row *route_of(enum api_op op)
{
	for (size_t i = 0; i < routes_count; i++)
		if (routes[i].op == op)
			return &routes[i];
	return NULL;
}

const char *route_path(enum api_op op, const char *value, char *out, size_t n)
{
	const struct route_row *r = route_of(op);
	out[0] = '\0';
	if (!r)
		return out;
	const char *open = strchr(r->path, '{'), *close = open ? strchr(open, '}') : NULL;
	if (!close)
		snprintf(out, n, "%s", r->path);
	else if (!value || !*value)
		snprintf(out, n, "%.*s", (int)(open - r->path), r->path);
	else
		snprintf(out, n, "%.*s%s%s", (int)(open - r->path), r->path, value, close + 1);
	return out;
}
