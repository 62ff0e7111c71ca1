#!/bin/sh
# sbx serve: asynchronous runs ("wait": false). 202 with Location, polled at
# GET /v1/runs/ID?wait=S (a long poll: no sleeps), the same record as a
# synchronous run, DELETE of a run in an infinite loop or asleep ends it
# cancelled (its record and the history say so), the --max-async cap, bad
# and unknown ids, a session's and a deployment's execution, a restart
# that keeps what ended, TCP with its token.
. "$(dirname "$0")/../lib.sh"

command -v curl >/dev/null || {
	echo "test_serve_async: curl is missing: build-aux/deps.sh test installs it" >&2
	exit 1
}

. "$TESTS_DIR/serve_lib.sh"

# poll ID — GET /v1/runs/ID?wait=30 until its state is done or cancelled
# (each GET blocks until then; 10 rounds bound a wedged server).
poll() {
	_i=0 _id=$1
	shift
	while [ $_i -lt 10 ]; do
		api GET "/v1/runs/$_id?wait=30" "" "$@"
		case $(printf '%s' "$out" | jq -r .state) in done | cancelled) return ;; esac
		_i=$((_i + 1))
	done
}

# follow_events LABEL, then started — returns once a run labelled
# async=LABEL has begun to execute (its execution_started event at GET
# /v1/events, since=1h so that one written before the stream connected is
# there too): a cancel then reaches the code, not sbx's start-up.
follow_events() {
	rm -f "$T_TMP/ev"
	mkfifo "$T_TMP/ev"
	curl -sN --unix-socket "$SOCK" -H 'Accept: application/x-ndjson' \
		"http://sbx/v1/events?label=async=$1&since=1h" >"$T_TMP/ev" &
	EV_PID=$!
	exec 5<"$T_TMP/ev"
}
started() {
	[ "$code" = 202 ] || kill "$EV_PID" 2>/dev/null # nothing will start
	while read -r line <&5; do
		case $line in *execution_started*) break ;; esac
	done
	kill "$EV_PID" 2>/dev/null
	exec 5<&-
	wait "$EV_PID" 2>/dev/null
}

start_server --max-async 2

# --- 202, Location, the same record as a synchronous run ----------------
code='import sys; print("hello", 6*7); print("err", file=sys.stderr); sys.exit(3)'
body=$(jq -cn --arg c "$code" '{language: "python", code: $c}')
api POST /v1/run "$body"
expect_code 200
sync=$out
api POST /v1/runs "$(printf '%s' "$body" | jq -c '. + {wait: false}')"
expect_code 202
schema_ok POST /v1/runs
id=$(printf '%s' "$out" | jq -r .id)
check "the 202 names the run" test -n "$id" -a "$id" != null
check "Location: /v1/runs/ID" test "$(header Location)" = "/v1/runs/$id"
poll "$id"
expect_code 200
schema_ok GET '/v1/runs/{id}'
expect_json .state '"done"'
expect_json .record.request_id "\"$id\""
check "the record is the synchronous run's (status, exit code, stdout, stderr)" test \
	"$(printf '%s' "$out" | jq -c '.record | [.status, .exit_code, .stdout, .stderr]')" = \
	"$(printf '%s' "$sync" | jq -c '[.status, .exit_code, .stdout, .stderr]')"
expect_json .exit_code 3
rec_id=$(printf '%s' "$out" | jq -r .record.id)
sbx history show "$rec_id" --json
expect_json .status '"error"'

# POST /v1/run takes it too; "wait": true is a synchronous run.
api POST /v1/run '{"code":"6*7","wait":false,"id":"js-1"}'
expect_code 202
expect_json .id '"js-1"'
poll js-1
expect_json .record.result 42
api POST /v1/runs '{"language":"python","code":"open(\"o.txt\", \"w\").write(\"hi\")","return_files":true,"wait":false,"id":"files-1"}'
expect_code 202
poll files-1
expect_json '.record.returned_files[0].name' '"o.txt"'
expect_json '.record.returned_files[0].base64' '"aGk="'
api POST /v1/run '{"code":"6*7","wait":true}'
expect_code 200
expect_json .result 42

# --- ids -----------------------------------------------------------------
api GET /v1/runs/no-such-run
expect_error 404 not_found
api GET /v1/runs/-dash
expect_error 400 bad_id
api DELETE /v1/runs/..x "" --path-as-is
expect_error 400 bad_id
api GET '/v1/runs/js-1?wait=61'
expect_error 400 bad_parameter
api POST /v1/runs '{"code":"1","wait":false,"id":"has space"}'
expect_error 400 bad_id
api POST /v1/runs '{"code":"1","wait":false,"id":"js-1"}'
expect_error 409 duplicate_id
api POST /v1/runs '{"code":"1","wait":"no"}'
expect_code 400

# --- DELETE cancels: an infinite loop, a sleeping Python ----------------
follow_events loop
api POST /v1/runs '{"code":"for(;;){}","timeout":300,"id":"loop-1","labels":{"async":"loop"},"wait":false}'
expect_code 202
started
api GET /v1/runs/loop-1
expect_json .state '"running"'
api DELETE /v1/runs/loop-1
expect_code 200
schema_ok DELETE '/v1/runs/{id}'
expect_json .state '"cancelled"'
expect_json .record.status '"signaled"'
expect_json .record.error.name '"Cancelled"'
rec_id=$(printf '%s' "$out" | jq -r .record.id)
sbx history show "$rec_id" --json
expect_json .status '"signaled"'

follow_events sleep
api POST /v1/runs '{"language":"python","code":"import time\nwhile True: time.sleep(1)","timeout":300,"id":"sleep-1","labels":{"async":"sleep"},"wait":false}'
expect_code 202
started
# --- the cap: 2 not ended here (--max-async 2) -------------------------
api POST /v1/runs '{"code":"for(;;){}","timeout":300,"id":"loop-2","wait":false}'
expect_code 202
api POST /v1/runs '{"code":"1","wait":false}'
expect_error 503 too_many_async
check "503 says Retry-After" test "$(header Retry-After)" = 1
api DELETE /v1/runs/sleep-1
expect_json .state '"cancelled"'
expect_json .record.error.name '"Cancelled"'
api DELETE /v1/runs/loop-2
expect_json .state '"cancelled"'
api POST /v1/runs '{"code":"1","wait":false,"id":"after-cap"}'
expect_code 202
poll after-cap
expect_json .state '"done"'
# an ended run's DELETE answers its state
api DELETE /v1/runs/after-cap
expect_code 200
expect_json .state '"done"'

# --- a session's execution, a deployment's -------------------------------
api POST /v1/sessions '{"language":"python","name":"as1"}'
expect_code 200
api POST /v1/sessions/as1/executions '{"code":"x = 6 * 7\nprint(x)","wait":false,"id":"se-1"}'
expect_code 202
schema_ok POST '/v1/sessions/{ref}/executions'
poll se-1
expect_json .record.stdout '"42\n"'
api POST /v1/sessions/as1/executions '{"code":"print(x + 1)"}'
expect_json .stdout '"43\n"'
# a session's execution that has begun finishes in the session (its
# timeout ends it), as when a synchronous client hangs up
follow_events sess
api POST /v1/sessions/as1/executions '{"code":"while True: pass","timeout":2,"labels":{"async":"sess"},"wait":false,"id":"se-2"}'
expect_code 202
started
api DELETE /v1/runs/se-2
expect_error 409 not_cancellable
poll se-2
expect_json .state '"done"'
expect_json .record.status '"timeout"'
api DELETE /v1/sessions/as1
expect_code 200

api POST /v1/deployments '{"name":"add","language":"js","code":"return inputs.a + 1"}'
expect_code 200
api POST /v1/deployments/add/executions '{"inputs":{"a":41},"wait":false,"id":"dep-1"}'
expect_code 202
poll dep-1
expect_json .record.result 42

# --- a restart keeps what ended -------------------------------------------
stop_server
check "the server drained cleanly" test "$srv_rc" = 0
check "ended runs are kept in STATE/async-runs, mode 0700" \
	test "$(stat -c %a "$SBX_STATE_DIR/async-runs")" = 700
printf 'sbx-test-token-0123456789abcdef\n' >"$T_TMP/token"
start_server --listen 127.0.0.1:0 --token-file "$T_TMP/token"
tok="Authorization: Bearer sbx-test-token-0123456789abcdef"
api GET "/v1/runs/$id"
expect_error 401 unauthorized
api GET "/v1/runs/$id" "" -H "$tok"
expect_code 200
expect_json .state '"done"'
expect_json .record.stdout '"hello 42\n"'
api GET /v1/runs/loop-1 "" -H "$tok"
expect_json .state '"cancelled"'
api POST /v1/runs '{"code":"for(;;){}","timeout":300,"id":"tcp-1","wait":false}'
expect_error 401 unauthorized
api POST /v1/runs '{"code":"2 + 2","wait":false,"id":"tcp-2"}' -H "$tok"
expect_code 202
poll tcp-2 -H "$tok"
expect_json .record.result 4
stop_server

# --- a run waiting for a place is queued, and a cancel ends it unrun -------
start_server --max-concurrent 1 --max-queue 0
follow_events q
api POST /v1/runs '{"code":"for(;;){}","timeout":300,"id":"q-1","labels":{"async":"q"},"wait":false}'
expect_code 202
started
api POST /v1/runs '{"code":"1","wait":false,"id":"q-2"}'
expect_code 202
api GET '/v1/runs/q-2?wait=1'
expect_json .state '"queued"'
api DELETE /v1/runs/q-2
expect_json .state '"cancelled"'
expect_json .record null
api DELETE /v1/runs/q-1
expect_json .state '"cancelled"'
expect_json .record.error.name '"Cancelled"'
stop_server

finish
