/* front — which front a message is for, so each names that front's
 * fields: the command line's flags and commands (sbx run --timeout, see
 * `sbx list`), or a request's keys and routes over HTTP and MCP (timeout,
 * GET /v1/deployments), where the server's own paths are not the
 * client's to see either. A message is worded once, through these, at the
 * place that knows what went wrong; the front is set where a request
 * enters (sbx serve's children and sbx mcp's get SBX_FRONT; sbx serve's
 * own threads set it themselves). */
#ifndef SBX_FRONT_H
#define SBX_FRONT_H

#include <stdbool.h>

enum front { FRONT_CLI, FRONT_HTTP, FRONT_MCP };

/* For this thread; from_env: SBX_FRONT ("http", "mcp"; else the CLI). */
void front_set(enum front f);
void front_from_env(void);
enum front front_get(void);
/* While a JSON request's keys are applied (--request on any front), an
 * option is named by its key; unless the request was made from flags
 * (sbx --remote sends them as keys): front_flags_only. */
void front_request_keys(bool on);
void front_flags_only(void);

/* An option as the caller wrote it: flag ("--timeout") on the command
 * line, key ("\"timeout\"") from a JSON request. */
const char *front_option(const char *flag, const char *key);
/* A path of sbx's own (the state directory, a file in it): itself on the
 * command line; over HTTP and MCP, what it is for (a server's paths are
 * not its clients'). */
const char *front_path(const char *path, const char *what);
/* Where to look next: the command line's, else the API's (cli: "see `sbx
 * list`"; api: "GET /v1/deployments lists them"; mcp: "list_deployments
 * lists them"; NULL: the API's). */
const char *front_hint(const char *cli, const char *api, const char *mcp);

#endif
