#!/bin/sh
# Each front's messages name that front's fields: over HTTP and MCP a
# mistake is worded with the request's keys and the API's routes or tools,
# never a flag (--timeout, -e, -n NAME), a command (`sbx list`) or the
# server's own paths; the command line keeps its flags and its paths.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"

start_server
sbx session create -l python -n taken
expect_rc 0

# cli_speak MESSAGE: what a client of the API must not be told.
cli_speak() {
	printf '%s' "$1" | grep -Eq -- '(^|[ (])--?[a-z]|`sbx|sbx (session|list|get)|-n NAME' ||
		printf '%s' "$1" | grep -qF "$SBX_STATE_DIR"
}
n=0
while IFS='	' read -r method path body; do
	api "$method" "$path" "$body"
	msg=$(printf '%s' "$out" | jq -r '.error.message // empty')
	n=$((n + 1))
	check "HTTP $method $path $body: an error ($code)" test -n "$msg"
	speaks=0
	cli_speak "$msg" && speaks=1
	check "HTTP $method $path $body: in the API's words: $msg" test "$speaks" = 0
done <<'EOF2'
POST	/v1/run	{"language": "python", "code": "1", "timeout": "abc"}
POST	/v1/run	{"language": "python", "code": "1", "cpu_time": "1y"}
POST	/v1/run	{"language": "python", "code": "1", "memory": "1k"}
POST	/v1/run	{"language": "python", "code": "1", "memory": "99T"}
POST	/v1/run	{"language": "python", "code": "1", "timeout": "99d"}
POST	/v1/run	{"language": "python", "code": "1", "max_output": "x"}
POST	/v1/run	{"language": "python", "code": "1", "engine": "v8"}
POST	/v1/run	{"language": "java", "code": "class A {}", "engine": "node"}
POST	/v1/run	{"language": "python", "code": "   "}
POST	/v1/deployments	{"code": "1"}
GET	/v1/deployments/nosuch	
GET	/v1/deployments/nosuch@3	
POST	/v1/deployments/nosuch/executions	{}
GET	/v1/sessions/nosuch	
POST	/v1/sessions/nosuch/executions	{"code": "1"}
POST	/v1/sessions	{"language": "python", "name": "taken"}
POST	/v1/sessions	{"language": "python", "ttl": "x"}
POST	/v1/sessions	{"language": "python", "idle": "x"}
POST	/v1/sessions/taken/executions	{"code": "1", "timeout": "x"}
POST	/v1/sessions/taken/executions	{"code": "1", "language": "go"}
POST	/v1/run	{"language": "python", "code": "1", "env": {"LD_PRELOAD": "x"}}
POST	/v1/run	{"language": "python", "code": "1", "env": {"1A": "x"}}
EOF2
check "every request was tried ($n)" test "$n" -eq 22

# What the words are: the request's key, the API's route.
api POST /v1/run '{"language": "python", "code": "1", "timeout": "abc"}'
expect_jq '.error.message | test("\"timeout\"")'
api GET /v1/deployments/nosuch ""
expect_jq '.error.message == "no deployment named '"'nosuch'"': GET /v1/deployments lists them"'
api POST /v1/sessions '{"language": "python", "name": "taken"}'
expect_jq '.error.message | test("pick another \"name\", or delete it: DELETE /v1/sessions/taken")'

# MCP: the tools' arguments and tools.
sbx_in '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}
{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"run_code","arguments":{"language":"python","code":"1","timeout":"abc"}}}
{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"exec_deployment","arguments":{"deployment":"nosuch"}}}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"exec_in_session","arguments":{"session":"nosuch","code":"1"}}}
{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"run_code","arguments":{"language":"python","code":"1","env":{"LD_PRELOAD":"x"}}}}
{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"create_session","arguments":{"language":"python","name":"Bad"}}}
' mcp
for id in 1 2 3 4 5; do
	msg=$(printf '%s\n' "$out" | jq -r "select(.id == $id) | .result.structuredContent.error.message")
	check "MCP call $id: an error" test -n "$msg" -a "$msg" != null
	speaks=0
	cli_speak "$msg" && speaks=1
	check "MCP call $id: in the tools' words: $msg" test "$speaks" = 0
done
msg=$(printf '%s\n' "$out" | jq -r 'select(.id == 2) | .result.structuredContent.error.message')
check "MCP names its tool ($msg)" test "$msg" = "no deployment named 'nosuch': list_deployments lists them"
msg=$(printf '%s\n' "$out" | jq -r 'select(.id == 5) | .result.structuredContent.error.message')
check "MCP calls a session's name a session's ($msg)" test "${msg#invalid session name}" != "$msg"

# The command line keeps its own words.
sbx run -l python --timeout abc -e 1
expect_err_contains "for --timeout"
sbx get nosuch
expect_err_contains "in $SBX_STATE_DIR/deployments: see \`sbx list\`"
sbx session create -l python -n taken
expect_err_contains "pick another -n NAME"
sbx run -l python --env LD_PRELOAD=x -e 1
expect_err_contains "--env LD_PRELOAD:"
sbx session exec taken -l go -e 1
expect_err_contains "sessions do not support go yet: run it one-shot (sbx run -l LANG)"
# A session's name is called a session's, on every front.
sbx session create -l python -n 'Bad'
expect_err_contains "invalid session name 'Bad'"
api POST /v1/sessions '{"language": "python", "name": "bad name!"}'
expect_code 400
expect_jq '.error.message | startswith("invalid session name '"'bad name!'"'")'
sbx session delete taken
stop_server
finish
