/* request_keys — the request keys' table (request_keys.h). */
#include "core/request_keys.h"

#include <stdio.h>
#include <string.h>

#include "util/front.h"

/* What every run takes, however it is started. */
#define SETTINGS   (RK_RUN | RK_EXEC | RK_DEPLOY | RK_LINE)
#define EXECUTIONS (RK_RUN | RK_EXEC | RK_SESSION_EXEC | RK_LINE)

const struct request_key request_keys[] = {
    {"code", "-e", RK_STR, RK_RUN | RK_DEPLOY | RK_PREPARE | RK_SESSION_EXEC | RK_LINE,
     RK_RUN | RK_DEPLOY | RK_PREPARE | RK_SESSION_EXEC},
    {"deployment", NULL, RK_STR, RK_LINE, 0},
    {"language", "--language", RK_STR,
     RK_RUN | RK_DEPLOY | RK_PREPARE | RK_SESSION_CREATE | RK_SESSION_EXEC | RK_LINE, 0},
    {"engine", "--engine", RK_STR, SETTINGS | RK_PREPARE, 0},
    {"id", NULL, RK_STR, EXECUTIONS, 0},
    {"name", "--name", RK_STR, RK_DEPLOY | RK_SESSION_CREATE, 0},
    {"inputs", "--inputs", RK_OBJ, SETTINGS | RK_SESSION_EXEC, 0},
    {"timeout", "--timeout", RK_NUM | RK_STR, SETTINGS | RK_SESSION_EXEC, 0},
    {"cpu_time", "--cpu-time", RK_NUM | RK_STR, SETTINGS | RK_SESSION_EXEC, 0},
    {"memory", "--memory", RK_NUM | RK_STR, SETTINGS | RK_SESSION_CREATE, 0},
    {"max_output", "--max-output", RK_NUM | RK_STR, SETTINGS | RK_SESSION_EXEC, 0},
    {"env", "--env", RK_OBJ, SETTINGS | RK_SESSION_EXEC, 0},
    {"labels", "--label", RK_OBJ, SETTINGS | RK_SESSION_EXEC, 0},
    {"merge_output", "--merge-output", RK_BOOL, SETTINGS, 0},
    {"print_result", "--print-result", RK_BOOL, SETTINGS, 0},
    {"files", "--file", RK_OBJ, EXECUTIONS, 0},
    {"stdin", "--stdin", RK_STR, EXECUTIONS, 0},
    {"args", NULL, RK_ARR, EXECUTIONS, 0},
    {"expected_stdout", NULL, RK_STR, RK_RUN | RK_EXEC | RK_LINE, 0},
    {"return_files", NULL, RK_BOOL, RK_RUN | RK_EXEC | RK_SESSION_EXEC, 0},
    {"ttl", "--ttl", RK_STR, RK_SESSION_CREATE, 0},
    {"idle", "--idle", RK_STR, RK_SESSION_CREATE, 0},
    /* false: answered 202 at once, polled at /v1/runs/ID (HTTP only) */
    {"wait", NULL, RK_BOOL, RK_RUN | RK_EXEC | RK_SESSION_EXEC, 0},
    {"fresh", "--fresh", RK_BOOL, RK_SESSION_EXEC | RK_LINE, 0},
    {NULL, NULL, 0, 0, 0},
};

const struct request_key *request_key_find(const char *key)
{
	for (const struct request_key *k = request_keys; key && k->key; k++)
		if (!strcmp(k->key, key))
			return k;
	return NULL;
}

const char *request_key_name(const char *key)
{
	const struct request_key *k = request_key_find(key);
	return front_option(k && k->flag ? k->flag : key, key);
}

const char *request_key_types_words(int types)
{
	switch (types) {
	case RK_STR: return "a string";
	case RK_NUM | RK_STR: return "a number or a string";
	case RK_OBJ: return "an object";
	case RK_ARR: return "an array of strings";
	case RK_BOOL: return "true or false";
	default: return "another type";
	}
}

const char *request_route_name(unsigned route)
{
	switch (route) {
	case RK_RUN: return "a run";
	case RK_EXEC: return "a deployment's execution";
	case RK_DEPLOY: return "a new deployment";
	case RK_PREPARE: return "prepare";
	case RK_SESSION_CREATE: return "a new session";
	case RK_SESSION_EXEC: return "a session execution";
	default: return "this request";
	}
}

void request_key_list(unsigned route, char *out, size_t n)
{
	size_t count = 0, seen = 0, used = 0;
	for (const struct request_key *k = request_keys; k->key; k++)
		count += (k->routes & route) != 0;
	out[0] = '\0';
	for (const struct request_key *k = request_keys; k->key && used < n; k++) {
		if (!(k->routes & route))
			continue;
		seen++;
		int w = snprintf(out + used, n - used, "%s%s",
				 seen == 1	 ? ""
				 : seen == count ? " and "
						 : ", ",
				 k->key);
		used += w > 0 ? (size_t)w : 0;
	}
}
