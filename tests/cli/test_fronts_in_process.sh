#!/bin/sh
# No front re-executes sbx (issue 28, item 4): sbx batch's "deployment"
# lines, sbx mcp's run, prepare, deploy and exec_in_session tools and sbx
# serve's runs, deployment executions, prepares, deploys and executions in
# a stopped session call the run pipeline (src/run/job.c) or the session
# client (src/session/session_exec_job.c) in a fork of their own; and so
# do the commands that run no code: every other MCP tool (the session
# tools, session_files_*, list_deployments) and every other route of sbx
# serve (sessions, deployments' list/get/delete, stats, doctor, batch)
# call the command's library function (session/session_admin.h,
# state/deployments.h, state/history_stats_cmd.h, run/doctor.h,
# batch/batch_args.h), and answer exactly as the command does from a
# shell. A session's daemon started over HTTP or MCP holds none of the
# front's descriptors. sbx serve's runner killed, its standby takes over:
# no new sbx either. Proof without tracing: each front is started from a copy of
# sbx whose execute bits are then taken away, so an exec of itself
# (/proc/self/exe is that file) fails with EACCES, root or not; the runs
# must still answer as before. JavaScript only: Duktape runs in the
# sandbox's own fork, so no exec of anything is needed.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"

# fd_targets PID — what PID's descriptors are open on, but /dev/null.
fd_targets() {
	for f in /proc/"$1"/fd/*; do readlink "$f"; done 2>/dev/null | grep -v '^/dev/null$' | sort -u
}
# holds_none_of DAEMON FRONT — the daemon has no descriptor on anything the
# front has open (a listening socket, a client's pipe, its stdout).
holds_none_of() {
	[ -n "$1" ] && [ -d "/proc/$1/fd" ] && fd_targets "$1" >"$T_TMP/d.fds" &&
		fd_targets "$2" >"$T_TMP/f.fds" && [ -s "$T_TMP/d.fds" ] && [ -s "$T_TMP/f.fds" ] &&
		[ -z "$(comm -12 "$T_TMP/d.fds" "$T_TMP/f.fds")" ]
}
# A session's description without what changes by itself between two reads.
STEADY='del(.kernels[]?.memory_kb, .usage)'

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
# The tools that run no code: the command's library function in the fork.
call 11 create_session '{"language":"js","name":"mcp1","ttl":"2h"}'
check "create_session made the session without an exec" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.name, .result.structuredContent.ttl_ms]')" = '[false,"mcp1",7200000]'
MCP_DAEMON=$(printf '%s' "$line" | jq -r '.result.structuredContent.daemon_pid')
check "the session's daemon holds none of sbx mcp's descriptors" holds_none_of "$MCP_DAEMON" "$MCP_PID"
call 12 create_session '{"language":"js","name":"mcp1"}'
check "a second create_session of the name is create's conflict" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.error.kind]')" = '[true,"conflict"]'
call 13 create_session '{"language":"js","ttl":"bad"}'
check "a bad ttl is create's message" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, (.result.structuredContent.error.message | startswith("invalid duration '"'bad'"'"))]')" = '[true,true]'
call 14 get_session '{"session":"mcp1"}'
mcp_get=$(printf '%s' "$line" | jq -cS ".result.structuredContent | $STEADY")
SBX=$SBX_REAL sbx session get mcp1 --json
check "get_session is sbx session get --json's record" test "$(printf '%s' "$out" | jq -cS "$STEADY")" = "$mcp_get"
call 15 list_sessions '{"status":"running","language":"javascript"}'
check "list_sessions filters as sbx session list" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, ([.result.structuredContent.sessions[].name] | sort)]')" = '[false,["mcp1","mcps"]]'
call 16 list_sessions '{"status":"bad"}'
check "a bad status is session list's message" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.sessions.error.message]')" = '[true,"invalid --status '"'bad'"': use running, stopped, expired or broken"]'
call 17 session_files_write '{"session":"mcp1","path":"d/a.txt","text":"hello"}'
check "session_files_write wrote the file" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.size]')" = '[false,5]'
call 18 session_files_list '{"session":"mcp1","path":"d"}'
check "session_files_list lists it" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, [.result.structuredContent.entries[].name]]')" = '[false,["a.txt"]]'
call 19 session_files_read '{"session":"mcp1","path":"d/a.txt"}'
check "session_files_read reads it" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.text]')" = '[false,"hello"]'
call 20 session_files_read '{"session":"mcp1","path":"nope"}'
check "a missing file is the tool's error" test "$(printf '%s' "$line" | jq -c '.result.isError')" = true
call 21 stop_session '{"session":"mcp1"}'
check "stop_session stopped it" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.status]')" = '[false,"stopped"]'
call 22 delete_session '{"session":"mcp1"}'
check "delete_session deleted it" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.status]')" = '[false,"deleted"]'
call 23 get_session '{"session":"mcp1"}'
check "then it is unknown, with session get's kind" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.error.kind]')" = '[true,"not_found"]'
call 24 list_deployments '{"language":"javascript"}'
mcp_list=$(printf '%s' "$line" | jq -c '.result.structuredContent.deployments')
SBX=$SBX_REAL sbx list --json --language javascript
check "list_deployments is sbx list --json's list" test "$(printf '%s' "$out" | jq -c .)" = "$mcp_list"
call 25 list_deployments '{"status":"bad"}'
check "a bad status is sbx list's message" \
	test "$(printf '%s' "$line" | jq -c '[.result.isError, .result.structuredContent.deployments.error.message]')" = '[true,"invalid --status '"'bad'"': use active or damaged"]'
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
# The routes that run no code: the command's library function in the
# runner's fork, the command's record, status and kind.
api POST /v1/sessions '{"language":"js","name":"hs1"}'
expect_code 200
expect_json '[.name, .status, has("rundir"), has("daemon_pid")]' '["hs1","running",false,false]'
http_get=$(printf '%s' "$out" | jq -cS "$STEADY | del(.kernels)")
SBX=$SBX_REAL sbx session get hs1 --json
check "the session the server made is sbx session get's, without the host's fields" \
	test "$(printf '%s' "$out" | jq -cS "$STEADY | del(.kernels, .rundir, .daemon_pid)")" = "$http_get"
check "its daemon holds none of sbx serve's descriptors" \
	holds_none_of "$(printf '%s' "$out" | jq -r .daemon_pid)" "$SRV_PID"
api POST /v1/sessions '{"language":"js","name":"hs1"}'
expect_code 409
expect_json .error.kind '"conflict"'
api POST /v1/sessions '{"language":"js","ttl":"bad"}'
expect_code 400
expect_json '.error.message | startswith("invalid duration '"'bad'"'")' true
api GET '/v1/sessions?status=running&language=javascript'
expect_code 200
expect_json '[.[].name] | index("hs1") != null' true
api GET '/v1/sessions?status=bad'
expect_code 400
expect_json .error.message '"invalid --status '"'bad'"': use running, stopped, expired or broken"'
api GET /v1/sessions/hs1 '' -H 'Accept: text/plain'
expect_code 200
check "the text answer is sbx session get's text" \
	sh -c 'printf "%s\n" "$1" | grep -q "^name  *hs1\$"' sh "$out"
api GET /v1/sessions/nope
expect_code 404
expect_json .error.kind '"not_found"'
api POST /v1/sessions/hs1/ttl '{"ttl":"2h"}'
expect_code 200
expect_json .ttl_ms 7200000
api POST /v1/sessions/hs1/ttl '{"ttl":"0s"}'
expect_code 400
api POST /v1/sessions/hs1/stop ''
expect_code 200
expect_json .status '"stopped"'
api DELETE /v1/sessions/hs1
expect_code 200
expect_json .deleted '"hs1"'
api DELETE /v1/sessions/hs1
expect_code 404
api GET '/v1/deployments?language=javascript'
expect_code 200
http_list=$(printf '%s' "$out" | jq -c .)
SBX=$SBX_REAL sbx list --json --language javascript
check "GET /v1/deployments is sbx list --json" test "$(printf '%s' "$out" | jq -c .)" = "$http_list"
api GET '/v1/deployments?language=cobol'
expect_code 400
api GET /v1/deployments/adder
expect_code 200
expect_json '[.name, .version, .latest]' '["adder",1,1]'
api GET /v1/deployments/adder@7
expect_code 404
expect_json .error.kind '"not_found"'
api DELETE /v1/deployments/mcpdep
expect_code 200
expect_json .deleted '"mcpdep"'
api DELETE /v1/deployments/mcpdep
expect_code 404
api GET /v1/stats
expect_code 200
expect_json '.total | type' '"number"'
api GET '/v1/stats?since=bad'
expect_code 400
api GET /v1/doctor
expect_code 200
expect_json '[(.interpreters | type), (.layers | type)]' '["array","object"]'
api POST /v1/batch '{"id":"b1","language":"js","code":"6 * 7"}
{"id":"b2","deployment":"adder","inputs":{"a":1}}'
expect_code 200
check "a batch's records came without an exec" \
	test "$(printf '%s\n' "$out" | jq -sc 'map([.request_id, .result])')" = '[["b1",42],["b2",2]]'
api POST '/v1/batch?timeout=soon' '{"id":"b3","language":"js","code":"1"}'
expect_code 400
expect_json .error.kind '"invalid"'
# The runner killed: its standby runs the requests, no new sbx.
for c in $(cat /proc/"$SRV_PID"/task/*/children); do
	[ "$(cat /proc/"$c"/comm 2>/dev/null)" = sbx-runner ] && kill -9 "$c"
done
api POST /v1/run '{"language":"js","code":"6 * 7"}'
expect_code 200
expect_json .result 42
api GET /v1/sessions/nope
expect_code 404
stop_server
check "the server drained and exited 0" test "$srv_rc" = 0

SBX=$SBX_REAL
# Recorded once each, as a run from a shell is: 2 batch lines, 5 MCP
# calls (3 runs, 2 session executions), 5 HTTP requests and 2 lines of an
# HTTP batch, 1 session execution from the shell (the refused ones never
# ran; deploys and prepares run nothing).
sbx stats --json
expect_json .total 15
# The sessions' daemons end with them, not minutes later with the state
# directory gone.
for s in mcps https; do
	sbx session delete "$s"
	expect_rc 0
done
finish
