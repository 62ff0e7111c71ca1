/* request_keys — every key a request may have, one row each: its JSON
 * type and schema, the command-line flag it stands for, the routes that
 * take it and need it, the MCP tools that take it and its description.
 * sbx serve checks a body against it, --request's messages list it, each
 * front names a key by it (util/front.h), and the OpenAPI document's
 * request bodies (serve/openapi.c) and sbx mcp's tool arguments
 * (mcp/tools.c) are made from it: a new key is one row. */
#ifndef SBX_REQUEST_KEYS_H
#define SBX_REQUEST_KEYS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* JSON types a key takes (a mask). */
enum { RK_STR = 1, RK_NUM = 2, RK_OBJ = 4, RK_ARR = 8, RK_BOOL = 16 };

/* The requests a key belongs to (a mask): a one-shot run, a deployment's
 * execution, a new deployment, prepare, a new session, a session's
 * execution. */
enum request_route {
	RK_RUN = 1,
	RK_EXEC = 2,
	RK_DEPLOY = 4,
	RK_PREPARE = 8,
	RK_SESSION_CREATE = 16,
	RK_SESSION_EXEC = 32,
	RK_LINE = 64,	      /* a --request file or a batch line, which may name a deployment */
	RK_SESSION_TTL = 128, /* a session's new time to live */
};

struct request_key {
	const char *key;  /* the JSON key */
	const char *flag; /* the command line's flag ("--timeout"); NULL: none */
	int types;
	unsigned routes;
	unsigned required; /* the routes that need it */
	unsigned mcp;	   /* the routes whose sbx mcp tool takes it as an argument */
	/* JSON Schema keywords beyond the type, as JSON text ("{\"maxLength\":
	 * 200}"); NULL: none */
	const char *schema;
	const char *doc;	 /* its description in the schemas */
	const char *session_doc; /* a session's (RK_SESSION_*) description; NULL: doc */
};

/* The rows, ending with one whose key is NULL. */
extern const struct request_key request_keys[];
/* key's row; NULL when no request has such a key. */
const struct request_key *request_key_find(const char *key);
/* "a string", "a number or a string", ... for a types mask. */
const char *request_key_types_words(int types);
/* key as the caller named it (util/front.h): its flag on the command
 * line, the key in a JSON request and over HTTP and MCP. */
const char *request_key_name(const char *key);
/* "a run", "a session execution", ... for one route. */
const char *request_route_name(unsigned route);
/* The keys route takes, as "a, b, c and d" into out (n bytes). */
void request_key_list(unsigned route, char *out, size_t n);

/* The JSON Schema of a body of route (one RK_* bit): an object of the keys
 * that route takes (mcp: those its MCP tool takes), their types, schemas
 * and descriptions, the required ones, nothing else. New reference. */
json_t *request_keys_schema(unsigned route, bool mcp);

#endif
