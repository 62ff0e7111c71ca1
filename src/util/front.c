/* front — each front's names in messages (front.h). */
#include "util/front.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local enum front front;
static _Thread_local bool request_keys, flags_only;
/* front_option's answers: a few live at once, for one message. */
static _Thread_local char quoted[4][96];
static _Thread_local unsigned next_quoted;

void front_set(enum front f)
{
	front = f;
}

void front_from_env(void)
{
	const char *v = getenv("SBX_FRONT");
	front = v && !strcmp(v, "http")	 ? FRONT_HTTP
		: v && !strcmp(v, "mcp") ? FRONT_MCP
					 : FRONT_CLI;
}

enum front front_get(void)
{
	return front;
}

void front_request_keys(bool on)
{
	request_keys = on;
}

void front_flags_only(void)
{
	front = FRONT_CLI;
	flags_only = true;
}

const char *front_option(const char *flag, const char *key)
{
	if (front == FRONT_CLI && (!request_keys || flags_only))
		return flag;
	char *q = quoted[next_quoted++ % 4];
	snprintf(q, sizeof quoted[0], "\"%s\"", key);
	return q;
}

const char *front_path(const char *path, const char *what)
{
	return front == FRONT_CLI ? path : what;
}

const char *front_hint(const char *cli, const char *api, const char *mcp)
{
	if (front == FRONT_CLI)
		return cli;
	return front == FRONT_MCP && mcp ? mcp : api;
}
