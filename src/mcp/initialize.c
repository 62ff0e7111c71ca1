/* initialize — the MCP handshake's answer: version negotiation and what
 * this server offers (tools only).
 *
 * Negotiation per the lifecycle rules: the client names the version it
 * wants; a server that speaks it answers the same, else it answers the
 * newest it speaks and the client decides whether to go on. The stateless
 * revision (2026-07-28) has no handshake: a client asking initialize for it
 * gets the newest revision that has one, and server/discover lists it. */
#include <stdio.h>
#include <string.h>

#include "mcp/mcp.h"
#include "mcp/jsonrpc.h"

#ifndef SBX_VERSION
#define SBX_VERSION "0.1.0"
#endif

const char *const mcp_protocol_versions[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05",
					     NULL};

static const char instructions[] =
    "sbx runs untrusted code (JavaScript, TypeScript, Python, Java, R, shell commands, C, "
    "C++, Go) in a sandbox with no "
    "network and no access to the user's files. Use run_code for one-off programs; the "
    "result is the value of the last expression (or a top-level return in JavaScript). "
    "Sessions keep state across executions; deployments are stored programs run with inputs. "
    "code_execute is the code_execute tool of agents written for seed 004's service.";

json_t *mcp_supported_versions(void)
{
	json_t *list = json_pack("[s]", MCP_STATELESS_VERSION);
	for (size_t i = 0; mcp_protocol_versions[i]; i++)
		json_array_append_new(list, json_string(mcp_protocol_versions[i]));
	return list;
}

static json_t *server_info(void)
{
	return json_pack("{s:s, s:s, s:s}", "name", "sbx", "title", "sbx code sandbox", "version",
			 SBX_VERSION);
}

json_t *mcp_discover_result(void)
{
	return json_pack("{s:o, s:{s:{s:b}}, s:o, s:s, s:{s:o}}", "supportedVersions",
			 mcp_supported_versions(), "capabilities", "tools", "listChanged", false,
			 "serverInfo", server_info(), "instructions", instructions, "_meta",
			 "io.modelcontextprotocol/serverInfo", server_info());
}

json_t *mcp_initialize_result(json_t *params, int *code, char *msg, size_t msglen)
{
	json_t *v = json_object_get(params, "protocolVersion");
	if (!json_is_string(v)) {
		*code = JSONRPC_INVALID_PARAMS;
		snprintf(msg, msglen,
			 "params.protocolVersion must be a string naming an MCP revision, e.g. "
			 "\"%s\"",
			 mcp_protocol_versions[0]);
		return NULL;
	}
	json_t *caps = json_object_get(params, "capabilities");
	if (caps && !json_is_object(caps)) {
		*code = JSONRPC_INVALID_PARAMS;
		snprintf(msg, msglen, "params.capabilities must be an object");
		return NULL;
	}
	const char *chosen = mcp_protocol_versions[0];
	for (size_t i = 0; mcp_protocol_versions[i]; i++)
		if (!strcmp(json_string_value(v), mcp_protocol_versions[i]))
			chosen = mcp_protocol_versions[i];
	return json_pack("{s:s, s:{s:{s:b}}, s:o, s:s}", "protocolVersion", chosen, "capabilities",
			 "tools", "listChanged", false, "serverInfo", server_info(), "instructions",
			 instructions);
}
