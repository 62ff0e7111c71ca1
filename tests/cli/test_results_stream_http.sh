#!/bin/sh
# Rich results stream as they are made over HTTP and MCP (README "Streamed
# results"): POST /v1/runs with Accept: application/x-ndjson passes each
# `result` event through as it comes, and sbx mcp sends it as a progress
# notification (official SDK client, tests/mcp/results_stream.mjs). Each
# program displays, then waits on a timer far past its limit; the test
# hangs up (cancels) once the result came: a result sent only at the end
# never would. No sleeps, no timing. The CLI: test_results_stream.sh.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"

# first_result_streamed BODY URL — POSTs BODY to URL with curl (its pid in
# CURL_PID) asking for NDJSON, reading its answer from fd 4 until the first
# result or the execution's end: that line in out (and line).
first_result_streamed() {
	rm -f "$T_TMP/stream"
	mkfifo "$T_TMP/stream"
	curl -s -N --unix-socket "$SOCK" -H 'Accept: application/x-ndjson' --data-binary "$1" \
		"$2" >"$T_TMP/stream" &
	CURL_PID=$!
	exec 4<"$T_TMP/stream"
	line=""
	while IFS= read -r l <&4; do
		case $l in *'"event":"result"'* | *'"event":"execution_'[cf]*) line=$l && break ;; esac
	done
	out=$line
}

start_server
for lang in python javascript r; do
	case $lang in
	python) code='display({"text/plain": "first"}, raw=True)
import time
time.sleep(3600)' ;;
	javascript) code='display({"text/plain": "first"}, {raw: true}); setTimeout(function () {}, 3600e3)' ;;
	r) code='display(list("text/plain" = "first"), raw = TRUE)
Sys.sleep(3600)' ;;
	esac
	first_result_streamed "$(jq -cn --arg l "$lang" --arg c "$code" '{language: $l, code: $c, timeout: 60}')" \
		http://sbx/v1/runs
	T_LAST="POST /v1/runs ($lang, streamed)"
	expect_json '[.event, .index, .mime, .data, .bytes, .truncated]' '["result", 0, "text/plain", "first", 5, false]'
	kill "$CURL_PID"
	wait "$CURL_PID"
	exec 4<&-
done
# A session's execution: POST /v1/sessions/ID/executions streams its
# kernel's results too. The program waits on a FIFO in the workspace,
# which the test opens for writing once the result has come.
api POST /v1/sessions '{"language":"python"}'
expect_code 200
sid=$(printf '%s' "$out" | jq -r .id)
"$SBX" session get "$sid" --json >"$T_TMP/get" 2>/dev/null
work=$(jq -r .rundir "$T_TMP/get")/work
mkfifo -m 666 "$work/go"
first_result_streamed '{"code": "display({\"text/plain\": \"first\"}, raw=True)\nopen(\"go\").read()\n7", "timeout": 60}' \
	"http://sbx/v1/sessions/$sid/executions"
T_LAST="POST /v1/sessions/ID/executions (streamed)"
expect_json '[.event, .index, .data]' '["result", 0, "first"]'
# Opening the FIFO waits for the program to open it: only once it is known
# to run (without a result it may have failed, or never opens it).
case $line in *'"event":"result"'*) printf 'go\n' >"$work/go" ;; esac
last=$(tail -n 1 <&4)
exec 4<&-
wait "$CURL_PID"
out=$last
expect_json '[.event, .record.result, [.record.results[].data]]' '["execution_completed", 7, ["first"]]'
api DELETE "/v1/sessions/$sid"

# The drain waits for the cancelled runs to be recorded.
stop_server
check "the server drained and exited 0" test "$srv_rc" = 0

# --- MCP: the official SDK client ---------------------------------------
npm_from_lock mcp mcp @modelcontextprotocol/sdk
cp "$ROOT_DIR/tests/mcp/results_stream.mjs" "$npm_dir/results-stream-$$.mjs"
node "$npm_dir/results-stream-$$.mjs" "$SBX" "$SBX_STATE_DIR" python javascript r \
	>"$T_TMP/client.out" 2>"$T_TMP/client.err"
client_rc=$?
rm -f "$npm_dir/results-stream-$$.mjs"
T_LAST="node tests/mcp/results_stream.mjs"
client_checks "the SDK client" 8

finish
