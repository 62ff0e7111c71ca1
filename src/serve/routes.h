/* routes — every HTTP route of sbx serve, one row each: method, path
 * pattern, operation, what it reads and spawns, whether it needs the
 * token, which API (sbx's own or a --compat one) and the query parameters
 * it takes. Dispatch and its 404/405 answers (api.c), the handler's
 * compat checks, the remote client's paths (route_path) and the OpenAPI
 * document's paths (openapi.c) all read this table: adding a route is one
 * row here plus its handler.
 *
 * May call: core (request_keys), util.
 */
#ifndef SBX_SERVE_ROUTES_H
#define SBX_SERVE_ROUTES_H

#include <stdbool.h>
#include <stddef.h>

#include "serve/api.h"

enum route_flag {
	ROUTE_BODY = 1,	   /* reads a body (JSON unless the row's request is 0) */
	ROUTE_SPAWNS = 2,  /* runs an sbx child: takes a place in admission */
	ROUTE_STREAMS = 4, /* may stream NDJSON (Accept: application/x-ndjson) */
	ROUTE_OPEN = 8,	   /* answered without the token too (a liveness probe) */
};

/* What a {name} segment of a path names, and so how it is checked. */
enum route_param {
	ROUTE_NO_PARAM,
	ROUTE_DEPLOYMENT, /* NAME or NAME@VERSION */
	ROUTE_SESSION,	  /* a session's id or name */
	ROUTE_RUN_ID,	  /* an asynchronous run's id */
	/* the path after the pattern's final "*": ref is "METHOD /REST" (at
	 * most API_REF_MAX), another API's own path for its handler */
	ROUTE_REST,
};

struct route_row {
	const char *method; /* "GET", ...; "*": any (ROUTE_REST rows) */
	/* "/v1/deployments/{ref}/executions": a {name} segment is one path
	 * segment, checked as the row's param says; a final "*" takes the
	 * rest of the path (another API's paths, undocumented here) */
	const char *path;
	enum api_op op;
	unsigned flags; /* enum route_flag */
	enum route_param param;
	unsigned compat;	  /* 0: sbx's API; else the --compat API (SERVE_COMPAT_*) */
	unsigned request;	  /* its JSON body's keys (core/request_keys.h RK_*); 0: none */
	const char *const *query; /* the query parameters it takes, NULL-ended */
	const char *summary;	  /* one line, the OpenAPI operation's summary */
};

extern const struct route_row routes[];
extern const size_t routes_count;

/* Another client's API served with sbx serve --compat NAME: its bit, the
 * name its messages use, the option's word and the path prefix its
 * clients use (their errors, 401 included, are in that API's format). */
struct compat_api {
	unsigned bit;
	const char *title;  /* "Piston" */
	const char *option; /* "piston" */
	const char *prefix; /* "/api/v2/" */
};
extern const struct compat_api compat_apis[]; /* ends with a zero row */
/* The compat API whose prefix path starts with; NULL: sbx's own. */
const struct compat_api *compat_api_of_path(const char *path);
/* The compat API of a row's compat bit (never NULL for a bit a row has). */
const struct compat_api *compat_api_of(unsigned bit);
/* The compat API --compat names (option); NULL: none such. */
const struct compat_api *compat_api_named(const char *option);
/* "piston and sre": the APIs --compat takes, into out (n bytes). */
void compat_api_list(char *out, size_t n);

/* The row for op (the first when several share it); NULL: none. */
const struct route_row *route_of(enum api_op op);
/* op's path with its {param} replaced by value (NULL or "": the bare
 * pattern's prefix up to the parameter), into out (n bytes); "" when op has
 * no row. The remote client builds its paths with it. */
const char *route_path(enum api_op op, const char *value, char *out, size_t n);

#endif
