/* sbx mcp — a Model Context Protocol server on stdin/stdout (src/mcp/).
 *
 * Each tool call runs this same binary as a child (`sbx run --request -`,
 * `sbx list --json`, ...), with --state-dir and --config passed on, so a
 * call behaves exactly as the command would and a crash in one call
 * cannot take the server down. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "mcp/mcp.h"
#include "run/runopt.h"
#include "util/front.h"
#include "util/util.h"

enum { MO_MAX_CONCURRENT = RO_FIRST_FREE, MO_MAX_MESSAGE };

static const struct opt_spec mcp_opts[] = {
    {"max-concurrent", 0, OPT_ARG, MO_MAX_CONCURRENT, "N",
     "tool calls run at once (default 4, at most 32); more wait in a queue of 64"},
    {"max-message", 0, OPT_ARG, MO_MAX_MESSAGE, "SIZE",
     "longest message accepted (default 16M, at most 256M)"},
    {NULL, 0, 0, 0, NULL, NULL},
};

const struct opt_spec *const mcp_tables[] = {common_opts, mcp_opts, NULL};

struct mcp_cli {
	bool help;
	struct mcp_options o;
};

static int mcp_handle(void *ctx, int id, const char *arg)
{
	struct mcp_cli *mc = ctx;
	uint64_t n;
	switch (id) {
	case RO_HELP: mc->help = true; return 0;
	case RO_STATE_DIR: mc->o.ctx.state_dir = arg; return 0;
	case RO_CONFIG: mc->o.ctx.config = arg; return 0;
	case MO_MAX_CONCURRENT:
		if (opt_uint("--max-concurrent", arg, 1, MCP_MAX_CONCURRENT_LIMIT, &n) != 0)
			return -1;
		mc->o.max_concurrent = (int)n;
		return 0;
	case MO_MAX_MESSAGE:
		if (opt_size("--max-message", arg, &n) != 0)
			return -1;
		if (n < 4096 || n > MCP_MAX_MESSAGE_LIMIT)
			return error("invalid --max-message '%s': use 4k to 256M", arg);
		mc->o.max_message = (size_t)n;
		return 0;
	}
	return error("internal: unhandled option %d", id);
}

int cmd_mcp(int argc, char **argv)
{
	struct mcp_cli mc = {0};
	mc.o.max_concurrent = MCP_DEFAULT_CONCURRENT;
	mc.o.max_message = MCP_DEFAULT_MAX_MESSAGE;
	char **operands = NULL;
	int nops = cmd_parse("mcp", argc, argv, mcp_handle, &mc, &mc.help, &operands);
	free(operands);
	if (nops == CMD_HELP_SHOWN)
		return 0;
	if (nops < 0)
		return 125;
	if (nops > 0)
		return error("sbx mcp takes no operands: it speaks MCP on stdin/stdout"), 125;
	if (isatty(0))
		fprintf(stderr, "sbx: mcp: waiting for an MCP client on stdin (JSON-RPC, one "
				"message per line); see `sbx mcp -h`\n");
	mc.o.ctx.have_sessions = cmd_find("session") != NULL;
	/* Its children's messages name the tools' arguments (util/front.h). */
	if (setenv("SBX_FRONT", "mcp", 1) != 0) {
		error("cannot set SBX_FRONT: out of memory");
		return 125;
	}
	front_set(FRONT_MCP);
	return mcp_serve(&mc.o);
}
