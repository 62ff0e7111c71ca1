/* sbx serve — the HTTP API (src/serve/). Options here; the server there. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "core/outcome.h"
#include "run/runopt.h"
#include "serve/api.h"
#include "serve/events_sse.h"
#include "serve/openapi.h"
#include "serve/routes.h"
#include "serve/server.h"
#include "state/store.h"
#include "util/opt.h"
#include "util/statedir.h"
#include "util/util.h"

enum {
	SO_LISTEN = RO_FIRST_FREE,
	SO_TOKEN_FILE,
	SO_MAX_CONCURRENT,
	SO_MAX_QUEUE,
	SO_MAX_BODY,
	SO_READY_FILE,
	SO_MAX_SUBSCRIBERS,
	SO_MAX_PER_ADDRESS,
	SO_HEAD_TIMEOUT,
	SO_NODE,
	SO_COMPAT,
	SO_MAX_ASYNC,
	SO_OPENAPI
};

static const struct opt_spec serve_opts[] = {
    {"listen", 0, OPT_ARG, SO_LISTEN, "ADDR",
     "unix:PATH, HOST:PORT or PORT (loopback) (default: unix:STATE/serve.sock)"},
    {"token-file", 0, OPT_ARG, SO_TOKEN_FILE, "FILE",
     "clients must send 'Authorization: Bearer' with this file's token (needed for TCP)"},
    {"max-concurrent", 0, OPT_ARG, SO_MAX_CONCURRENT, "N",
     "sandboxes run at once; a batch takes one per request it runs at once (default: 2 x "
     "the CPUs)"},
    {"max-queue", 0, OPT_ARG, SO_MAX_QUEUE, "N",
     "requests that may wait beyond those; more get 503 (default: 64)"},
    {"max-async", 0, OPT_ARG, SO_MAX_ASYNC, "N",
     "runs started with \"wait\": false not yet finished; more get 503 (default: 64)"},
    {"max-body", 0, OPT_ARG, SO_MAX_BODY, "SIZE", "largest request body (default: 16M)"},
    {"max-subscribers", 0, OPT_ARG, SO_MAX_SUBSCRIBERS, "N",
     "GET /v1/events streams at once; more get 503 (default: 64)"},
    {"max-per-address", 0, OPT_ARG, SO_MAX_PER_ADDRESS, "N",
     "TCP connections one client address may hold at once; more are closed (0: no "
     "limit; default: 32)"},
    {"head-timeout", 0, OPT_ARG, SO_HEAD_TIMEOUT, "DURATION",
     "a new connection's time to send a complete request head with the token "
     "(default: 10s)"},
    {"ready-file", 0, OPT_ARG, SO_READY_FILE, "FILE",
     "write the address listened on to FILE once ready"},
    {"node", 0, OPT_ARG, SO_NODE, "N",
     "this node's number (1-255) behind a load balancer: its sessions' ids carry it "
     "(sNN...) and every answer says it in X-Sbx-Node"},
    {"compat", 0, OPT_ARG, SO_COMPAT, "API[,API]",
     "serve other clients' APIs too: piston (GET /api/v2/runtimes, POST /api/v2/execute), "
     "sre (POST /sre/execute, SmythOS SRE's sandboxUrl), e2b (/e2b/..., E2B's SDK: "
     "E2B_API_URL and E2B_SANDBOX_URL)"},
    {"openapi", 0, OPT_NOARG, SO_OPENAPI, NULL,
     "print the API's OpenAPI document (GET /v1/openapi.json) and exit"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec *const serve_tables[] = {common_opts, serve_opts, NULL};

struct serve_options {
	struct serve_config cfg;
	const char *state_dir_flag;
	bool help;
	bool openapi;
};

static int serve_handle(void *ctx, int id, const char *arg)
{
	struct serve_options *so = ctx;
	uint64_t n;
	switch (id) {
	case RO_HELP: so->help = true; return 0;
	case RO_STATE_DIR: so->state_dir_flag = arg; return 0;
	case RO_CONFIG: so->cfg.config = arg; return 0;
	case SO_LISTEN:
		if (!*arg || (!strncmp(arg, "unix:", 5) && !arg[5]))
			return error("invalid --listen '%s': use unix:PATH, HOST:PORT or PORT",
				     arg);
		so->cfg.listen = arg;
		return 0;
	case SO_TOKEN_FILE: so->cfg.token_file = arg; return 0;
	case SO_READY_FILE: so->cfg.ready_file = arg; return 0;
	case SO_COMPAT: {
		/* A comma-separated list; each name known, none twice. */
		char *list = xstrdup(arg), *save = NULL;
		for (char *w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
			const struct compat_api *api = compat_api_named(w);
			if (api) {
				so->cfg.compat |= api->bit;
			} else {
				char known[120];
				compat_api_list(known, sizeof known);
				error("--compat: unknown API '%s': sbx serves %s", w, known);
				free(list);
				return -1;
			}
		}
		free(list);
		if (!so->cfg.compat)
			return error("--compat: name an API, e.g. --compat piston,sre");
		return 0;
	}
	case SO_OPENAPI: so->openapi = true; return 0;
	case SO_NODE:
		if (opt_uint("--node", arg, 1, 255, &n) != 0)
			return -1;
		so->cfg.node = (unsigned)n;
		return 0;
	case SO_MAX_CONCURRENT:
		if (opt_uint("--max-concurrent", arg, 1, 4096, &n) != 0)
			return -1;
		so->cfg.max_concurrent = (unsigned)n;
		return 0;
	case SO_MAX_QUEUE:
		if (opt_uint("--max-queue", arg, 0, 100000, &n) != 0)
			return -1;
		so->cfg.max_queue = (unsigned)n;
		return 0;
	case SO_MAX_ASYNC:
		if (opt_uint("--max-async", arg, 0, 4096, &n) != 0)
			return -1;
		so->cfg.max_async = (unsigned)n;
		return 0;
	case SO_MAX_SUBSCRIBERS:
		if (opt_uint("--max-subscribers", arg, 0, 4096, &n) != 0)
			return -1;
		so->cfg.max_subscribers = (unsigned)n;
		return 0;
	case SO_MAX_PER_ADDRESS:
		if (opt_uint("--max-per-address", arg, 0, 100000, &n) != 0)
			return -1;
		so->cfg.max_per_address = (unsigned)n;
		return 0;
	case SO_HEAD_TIMEOUT:
		if (opt_duration_ms("--head-timeout", arg, &n) != 0)
			return -1;
		if (n < 100 || n > 3600000)
			return error("invalid --head-timeout '%s': give 100ms to 1h", arg);
		so->cfg.head_timeout_ms = n;
		return 0;
	case SO_MAX_BODY:
		if (opt_size("--max-body", arg, &n) != 0)
			return -1;
		if (n < 1024 || n > (1ull << 30))
			return error("invalid --max-body '%s': give 1k to 1G", arg);
		so->cfg.max_body = (size_t)n;
		return 0;
	default: return error("internal: unhandled option %d for serve", id);
	}
}

int cmd_serve(int argc, char **argv)
{
	struct serve_options so = {0};
	char **operands = NULL;
	int rc = EXIT_SBX_FAILURE;
	char *state_dir = NULL;
	so.cfg.max_concurrent = 0;
	so.cfg.max_queue = 64;
	so.cfg.max_async = 64;
	so.cfg.max_subscribers = EVENTS_SSE_MAX;
	so.cfg.max_body = 16u << 20;
	so.cfg.max_per_address = SERVE_PER_ADDRESS_DEFAULT;
	so.cfg.head_timeout_ms = SERVE_HEAD_TIMEOUT_DEFAULT_MS;
	int nops = cmd_parse("serve", argc, argv, serve_handle, &so, &so.help, &operands);
	if (nops < 0) {
		rc = nops == CMD_HELP_SHOWN ? 0 : rc;
		goto out;
	}
	if (nops > 0) {
		error("sbx serve takes no operands (got '%s'): see sbx serve -h", operands[0]);
		goto out;
	}
	if (so.openapi) {
		char why[300];
		const char *doc = openapi_text(why, sizeof why);
		if (!doc)
			error("cannot make the OpenAPI document: %s", why);
		else if (printf("%s\n", doc) < 0 || fflush(stdout) != 0)
			error("cannot write the OpenAPI document: %s", strerror(errno));
		else
			rc = 0;
		goto out;
	}
	if (!so.cfg.max_concurrent) {
		long cpus = sysconf(_SC_NPROCESSORS_ONLN);
		so.cfg.max_concurrent = cpus > 0 ? (unsigned)(2 * cpus) : 4;
	}
	state_dir = store_state_dir(so.state_dir_flag, so.cfg.config);
	if (!state_dir || statedir_ensure(state_dir) != 0)
		goto out;
	so.cfg.state_dir = state_dir;
	rc = serve_main(&so.cfg);
out:
	free(state_dir);
	free(operands);
	return rc;
}
