/* session_call — exec_in_session's call in its fork: what `sbx session
 * exec --json --request - [--state-dir S] [--config C] ID` does (the
 * request read from standard input and checked as the command reads it,
 * the session resolved and started if it is stopped, the execution run in
 * its kernel and its record printed in JSON), through the session client
 * (session/session.h), with no exec and no command line. */
#ifndef SBX_MCP_SESSION_CALL_H
#define SBX_MCP_SESSION_CALL_H

/* state_dir, config: the server's (NULL: the defaults); ref: ID or NAME.
 * Returns sbx's exit code (the record's), EXIT_SBX_FAILURE after an error
 * message. */
int mcp_session_exec(const char *state_dir, const char *config, const char *ref);

#endif
