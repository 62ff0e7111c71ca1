/* api — the HTTP API as data: which route a method and path name, which
 * body keys and query parameters each route takes (what carries a request
 * out is request_plan.h's). No HTTP library here (the fuzzer
 * drives it directly); server.c and handler.c join it to libmicrohttpd.
 *
 * May call: util (and jansson).
 */
#ifndef SBX_SERVE_API_H
#define SBX_SERVE_API_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/util.h"

enum api_op {
	API_HEALTH,
	API_READY,
	API_OPENAPI,
	API_DOCTOR,
	API_STATS,
	API_RUN,
	API_PREPARE,
	API_DEPLOY,
	API_LIST,
	API_GET,
	API_DELETE,
	API_EXEC,
	API_EVENTS,
	API_SESSION_CREATE,
	API_SESSION_LIST,
	API_SESSION_GET,
	API_SESSION_DELETE,
	API_SESSION_STOP,
	API_SESSION_TTL, /* POST /v1/sessions/REF/ttl: sbx session ttl */
	API_SESSION_EXEC,
	API_BATCH,
	API_PISTON_RUNTIMES, /* GET /api/v2/runtimes (serve --compat piston) */
	API_PISTON_EXECUTE,  /* POST /api/v2/execute: a run, answered as Piston */
	API_SRE_EXECUTE,     /* POST /sre/execute: SmythOS SRE's sandboxUrl (--compat sre) */
	API_E2B,	     /* /e2b/...: E2B's SDK; ref "METHOD /path-after-e2b" */
	/* /v1/sessions/REF/files?path=P, answered in the connection's thread
	 * (session_files_http.c) */
	API_SESSION_FILES_GET,
	API_SESSION_FILES_PUT,
	API_SESSION_FILES_DELETE,
	API_RUN_STATE,	/* GET /v1/runs/ID: an asynchronous run (async_runs.h) */
	API_RUN_CANCEL, /* DELETE /v1/runs/ID */
	API_LATER	/* routes of the SPEC not served yet (501) */
};

/* Other clients' APIs (sbx serve --compat), as a route's `compat`. */
#define SERVE_COMPAT_PISTON 1u /* GET /api/v2/runtimes, POST /api/v2/execute */
#define SERVE_COMPAT_SRE    2u /* POST /sre/execute: SmythOS SRE's sandboxUrl */
#define SERVE_COMPAT_E2B    4u /* /e2b/...: E2B's control plane, envd, code interpreter */

/* NAME (64) + "@" + a version or "latest". */
#define API_REF_MAX   80
#define API_QUERY_MAX 32

struct route_row; /* routes.h */
struct api_route {
	const struct route_row *row; /* the route's row in routes.c's table */
	enum api_op op;
	char ref[API_REF_MAX + 1]; /* NAME[@V] (deployments), ID or NAME (sessions) */
	bool has_body;		   /* the route reads a JSON body */
	bool spawns;		   /* runs an sbx child (takes a place in admission) */
	bool streams;		   /* may stream NDJSON (Accept: application/x-ndjson) */
	unsigned compat;	   /* another client's route (SERVE_COMPAT_*): its answers */
};

/* An asynchronous run's id in a path: 1-64 letters, digits, '.', '_' or
 * '-', the first a letter or digit (it names a file). */
#define API_RUN_ID_MAX 64

/* An error for the client: an HTTP status, a stable code, a message that
 * names the problem and the fix. */
struct api_error {
	int status;
	const char *code;
	const char *kind; /* an sbx failure's kind (core/error_kinds.h); NULL: none */
	char message[512];
	/* What the same command exits with locally when that is not 125
	 * (prepare and deploy exit 1 when the code fails validation); 0: an
	 * sbx failure's 125. Set after api_fail*, which clear it. */
	int exit_code;
};

/* The status is the kind's (core/error_kinds.c), as is the body's "kind";
 * code is the API's finer word for it ("bad_field", "unknown_field"). */
int api_fail(struct api_error *e, enum error_kind kind, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* 0 when method is one of allowed ("GET", "GET,DELETE"), else a 405
 * naming the methods that are. */
int api_want_method(const char *method, const char *allowed, struct api_error *e);
/* {"error": {"code", "message"}} as a malloc'd string. */
char *api_error_json(const struct api_error *e);

/* Route lookup. Returns 0, or -1 with e set (404 no such route, 405 the
 * route exists with other methods, 400 a bad deployment name). */
int api_route(const char *method, const char *path, struct api_route *r, struct api_error *e);

/* ID of /v1/runs/ID (also a client's "id" for "wait": false): 0, or -1
 * with a 400 in e. */
int api_check_run_id(const char *id, size_t len, struct api_error *e);

/* The request's query parameters, as libmicrohttpd hands them over. */
struct api_query {
	size_t n;
	const char *key[API_QUERY_MAX];
	const char *value[API_QUERY_MAX];
	bool overflow;
};
/* Checks every parameter against the route's list. 0 or -1 with e. */
int api_check_query(const struct api_route *r, const struct api_query *q, struct api_error *e);

/* Parses and checks a body for r (size already bounded by the caller):
 * a JSON object, known keys of the right types, required keys present.
 * Returns the object (new reference) or NULL with e set. */
json_t *api_parse_body(const struct api_route *r, const char *body, size_t len,
		       struct api_error *e);

/* POST /v1/batch: the body is NDJSON, one request per line (the keys of a
 * `sbx batch` line); empty lines are skipped as sbx batch skips them. */
#define API_BATCH_MAX_LINES 10000
/* Counts the requests (non-blank lines): at least one, at most
 * API_BATCH_MAX_LINES; each line is sbx batch's to check (a bad one gets
 * an "sbx_error" record, as locally). Returns the count, or -1 with e. */
long api_check_batch(const char *body, size_t len, struct api_error *e);

/* A session id ("s" + 23 hex digits) or name ([a-z0-9][a-z0-9._-]*, at
 * most 64): 0, or -1 with a 400 in e. */
int api_check_session_ref(const char *ref, size_t len, struct api_error *e);

/* The HTTP status for an sbx failure (exit 125), from its message: 404
 * for an unknown deployment, version or session, 409 for a session name
 * that is taken, 500 for the server's own side
 * (state directory, history), else 400 (the request was wrong). */
/* An sbx failure (code "sbx_error") of the kind a record or an error said
 * (NULL: unknown, "internal"): the status is the kind's (core/error_kinds.c),
 * never read from the message. Returns -1. */
int api_fail_kind(struct api_error *e, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The "kind" of a record's error (NULL when it has none). */
const char *api_record_kind(json_t *rec);

#endif
