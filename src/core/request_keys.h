/* request_keys — every key a request may have, one row each: its JSON
 * type and schema, the command-line flag it stands for, the routes that
 * take it and need it, the MCP tools that take it and its description.
 * sbx serve checks a body against it, --request's messages list it and
 * --request, batch lines and serve's bodies are applied from it (each
 * row's check and fill, run/request_json.c), each
 * front names a key by it (util/front.h), and the OpenAPI document's
 * request bodies (serve/openapi.c) and sbx mcp's tool arguments
 * (mcp/tools.c) are made from it: a new key is one row. */
#ifndef SBX_REQUEST_KEYS_H
#define SBX_REQUEST_KEYS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define REQUEST_ID_MAX	       200 /* bytes of a request's "id" */
#define REQUEST_KEY_SCALAR_MAX 64  /* bytes of a scalar's text, with its NUL */

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
	/* a default of every line of a batch: sbx batch's flag, and POST
	 * /v1/batch's query parameter of the same name (serve/routes.c) */
	RK_BATCH = 256,
};

/* How a request file's or a batch line's key (route RK_LINE) fills the
 * request: run/request_json.c has one filler per kind, so a key that fills
 * as an existing one does is one row. */
enum request_key_fill {
	RK_FILL_NONE = 0,     /* not a request file's key (HTTP or sessions only) */
	RK_FILL_FLAG,	      /* the string, as its flag's argument (runopt) */
	RK_FILL_FLAG_SCALAR,  /* a number or a string, as its flag's argument */
	RK_FILL_FLAG_JSON,    /* the value as JSON text, as its flag's argument */
	RK_FILL_FLAG_PAIRS,   /* an object of strings: each NAME=VALUE to its flag */
	RK_FILL_FLAG_FILE,    /* the string written to a temporary file, its path to the flag */
	RK_FILL_FLAG_FILES,   /* each file written to a temporary file, PATH:NAME to the flag */
	RK_FILL_TEXT,	      /* the string into struct request's char * at .field */
	RK_FILL_BOOL,	      /* true or false into struct request's bool at .field */
	RK_FILL_PRINT_RESULT, /* true: always, false: never */
	RK_FILL_ARGS,	      /* each string, one program argument */
	RK_FILL_CODE,	      /* the program (not with a deployment) */
	RK_FILL_DEPLOYMENT,   /* the deployment to run (only where one may be named) */
};

/* A key's value check before it fills anything: 0, or -1 after an error
 * message that names the key and what it must be. */
typedef int request_key_check(const char *key, json_t *v);

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
	/* A request file's (RK_LINE) value: checked by check, then filled
	 * as fill says; field is the offsetof in struct request that
	 * RK_FILL_TEXT and RK_FILL_BOOL write. */
	request_key_check *check;
	enum request_key_fill fill;
	size_t field;
};

/* The checks the rows use. */
request_key_check request_key_check_string, request_key_check_scalar, request_key_check_object,
    request_key_check_pairs, request_key_check_files, request_key_check_bool, request_key_check_id,
    request_key_check_args, request_key_check_stdin;
/* A flag's argument from a scalar (RK_FILL_FLAG_SCALAR): a positive number
 * or a short string as the flag takes it ("2.5s", "256M"), into out (n
 * bytes). 0, or -1 after an error message. */
int request_key_scalar_text(const char *key, json_t *v, char *out, size_t n);

/* The rows, ending with one whose key is NULL. */
extern const struct request_key request_keys[];
/* key's row; NULL when no request has such a key. */
const struct request_key *request_key_find(const char *key);
/* "a string", "a number or a string", ... for a types mask. */
const char *request_key_types_words(int types);
/* The row of route's key whose flag is --long_name; NULL: none. */
const struct request_key *request_key_by_flag(const char *long_name, unsigned route);
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
