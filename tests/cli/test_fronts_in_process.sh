#!/bin/sh
# No front re-executes sbx to run code (issue 28, item 4): sbx batch's
# "deployment" lines, sbx mcp's run, prepare, deploy and exec_in_session
# tools and sbx serve's runs, deployment executions, prepares, deploys and
# executions in a stopped session call the run pipeline (src/run/job.c)
# or the session client (src/session/session_exec_job.c)
# in a fork of their own. Proof without tracing: each front is started from a copy of
# sbx whose execute bits are then taken away, so an exec of itself
# (/proc/self/exe is that file) fails with EACCES, root or not; the runs
# must still answer as before. JavaScript only: Duktape runs in the
# sandbox's own fork, so no exec of anything is needed.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"

mkdir -p "$T_TMP/bin"
COPY=$T_TMP/bin/sbx
cp "$SBX" "$COPY"
chmod 0755 "$COPY"
SBX_REAL=$SBX
SBX=$COPY

sbx deploy -n adder -e 'return inputs.a + 1' -i a=1 --json
expect_rc 0

# --- sbx batch: a "deployment" line ---------------------------------------
# The batch opens its input FIFO itself: once that open returns here, the
# process is sbx's code, past its exec.
mkfifo "$T_TMP/in.fifo"
"$COPY" batch -q -j 1 "$T_TMP/in.fifo" >"$T_TMP/batch.out" 2>"$T_TMP/batch.err" &
BATCH_PID=$!
exec 3>"$T_TMP/in.fifo"
chmod a-x "$COPY"
check "the copy can no longer be executed" sh -c "! '$COPY' --version 2>/dev/null"
printf '%s\n' '{"id":"d","deployment":"adder","inputs":{"a":41}}' \
	'{"id":"r","language":"js","code":"6 * 7"}' >&3
exec 3>&-
wait "$BATCH_PID"
rc=$?
out=$(cat "$T_TMP/batch.out")
err=$(cat "$T_TMP/batch.err")
T_LAST="sbx batch (deployment line, no exec possible)"
expect_rc 0
check "the deployment line ran without an exec" \
	test "$(printf '%s\n' "$out" | head -n 1 | jq -c '[.request_id, .status, .result]')" = '["d","ok",42]'
check "the plain line too" \
	test "$(printf '%s\n' "$out" | tail -n 1 | jq -c '[.request_id, .status, .result]')" = '["r","ok",42]'

# --- sbx mcp: run_code, code_execute, exec_deployment ---------------------
chmod 0755 "$COPY"
# A session to execute in (made while the copy still runs: create_session
# is a command of its own).
sbx session create -l js -n mcps
expect_rc 0
mkfifo "$T_TMP/mcp.in" "$T_TMP/mcp.out"
"$COPY" mcp <"$T_TMP/mcp.in" >"$T_TMP/mcp.out" 2>"$T_TMP/mcp.err" &
MCP_PID=$!
exec 3>"$T_TMP/mcp.in" 4<"$T_TMP/mcp.out"
# Its answer to initialize: the server is running (past its exec).
printf '%s\n' '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}' >&3
IFS= read -r line <&4
check "the MCP server answered initialize" test "$(printf '%s' "$line" | jq .id)" = 0
chmod a-x "$COPY"
call() { # ID TOOL ARGS — one tools/call; its answer in $line
	printf '{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"%s","arguments":%s}}\n' \
		"$1" "$2" "$3" >&3
	IFS= read -r line <&4
	T_LAST="mcp $2 $3"
}
call 1 run_code '{"language":"js","code":"6 * 7"}'
check "run_code ran without an exec" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.result]')" = '[false,42]'
call 2 exec_deployment '{"deployment":"adder","inputs":{"a":1}}'
check "exec_deployment ran without an exec" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.result]')" = '[false,2]'
call 3 code_execute '{"code":"return context.x * 2","context":{"x":21}}'
check "code_execute ran without an exec ($line)" \
	test "$(printf '%s' "$line" | jq -c '.result.isError')" = false
call 5 prepare_code '{"language":"js","code":"1 + 1"}'
check "prepare_code checked the code without an exec" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.syntax.ok]')" = '[false,true]'
call 6 deploy_code '{"name":"mcpdep","language":"js","code":"return inputs.a * 2"}'
check "deploy_code stored the deployment without an exec" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.name, .result.structuredContent.version]')" = '[false,"mcpdep",1]'
call 7 deploy_code '{"name":"bad/name","language":"js","code":"1"}'
check "a refused deploy_code is the tool's error, with deploy's message" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.error.message]')" = '[true,"invalid deployment name '"'bad/name'"': '"'/'"' is not allowed; names are [a-z0-9][a-z0-9._-]*"]'
call 8 exec_in_session '{"session":"mcps","code":"var y = 40; y + 2"}'
check "exec_in_session ran in the session without an exec" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.result, .result.structuredContent.session.name]')" = '[false,42,"mcps"]'
call 9 exec_in_session '{"session":"mcps","code":"y"}'
check "the session kept its state" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.result]')" = '[false,40]'
call 10 exec_in_session '{"session":"nope","code":"1"}'
check "an unknown session is the tool's error, with session exec's message and kind" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.error.kind, .result.structuredContent.error.message]')" = '[true,"not_found","no session '"'nope'"': create_session makes one"]'
# A request sbx refuses: the failure record, in-process too.
call 4 run_code '{"language":"js","code":"1","timeout":"soon"}'
check "a refused run is the tool's error, with sbx's message" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, (.result.structuredContent.error.message | test("timeout"))]')" = '[true,true]'
exec 3>&- 4<&-
wait "$MCP_PID"
check "the MCP server ended cleanly" test $? = 0

# --- sbx serve: a run and a deployment's execution ------------------------
chmod 0755 "$COPY"
# A stopped session: its next execution needs a process (the runner's
# fork starts the session's daemon), not the connection's thread.
sbx session create -l js -n https
expect_rc 0
sbx session exec https -e 'var z = 41'
expect_rc 0
sbx session stop https
expect_rc 0
start_server --listen "unix:$T_TMP/sock"
chmod a-x "$COPY"
api POST /v1/run '{"language":"js","code":"6 * 7"}'
expect_code 200
expect_json .result 42
api POST /v1/deployments/adder/executions '{"inputs":{"a":41}}'
expect_code 200
expect_json .result 42
api POST /v1/prepare '{"language":"js","code":"1 +"}'
expect_code 200
expect_json .syntax.ok false
api POST /v1/prepare '{"language":"cobol","code":"1"}'
expect_code 400
expect_json .error.kind '"invalid"'
api POST /v1/run '{"language":"js","code":"1","timeout":"soon"}'
expect_code 400
expect_json .error.kind '"invalid"'
api POST /v1/deployments '{"name":"httpdep","language":"js","code":"return inputs.a + 2","timeout":2.5,"labels":{"team":"x"}}'
expect_code 200
expect_json '[.name, .version, .settings.timeout_ms, .settings.labels.team]' '["httpdep",1,2500,"x"]'
# deploy's flag wording, as sbx deploy --timeout gives it
api POST /v1/deployments '{"name":"httpdep","language":"js","code":"1","timeout":"soon"}'
expect_code 400
expect_json .error.message '"invalid duration '"'soon'"' for \"timeout\": use seconds (e.g. 5 or 2.5) or a number with ms, s, m, h or d, e.g. 500ms or 24h"'
api POST /v1/deployments '{"name":"httpdep","language":"js","code":"return ("}'
expect_json '.error.message | startswith("not deployed: SyntaxError")' true
api POST /v1/deployments/httpdep/executions '{"inputs":{"a":40}}'
expect_code 200
expect_json .result 42
api POST /v1/sessions/https/executions '{"code":"z + 1"}'
expect_code 200
expect_json '[.result, .session.restored]' '[42,true]'
api POST /v1/sessions/https/executions '{"code":"1","timeout":"soon"}'
expect_code 400
expect_json .error.kind '"invalid"'
stop_server
check "the server drained and exited 0" test "$srv_rc" = 0

SBX=$SBX_REAL
# Recorded once each, as a run from a shell is: 2 batch lines, 5 MCP
# calls (3 runs, 2 session executions), 4 HTTP requests, 1 session
# execution from the shell (the refused ones never ran; deploys and
# prepares run nothing).
sbx stats --json
expect_json .total 12
# The sessions' daemons end with them, not minutes later with the state
# directory gone.
for s in mcps https; do
	sbx session delete "$s"
	expect_rc 0
done
finish
