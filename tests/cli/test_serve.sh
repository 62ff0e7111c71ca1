#!/bin/sh
# sbx serve: the HTTP API, driven with curl over a unix socket and TCP.
# Every route, every error class, streaming, overload, a client that goes
# away (its run is cancelled and recorded), the SIGTERM drain, escape
# corpus programs through the API, and --remote printing what a local
# command prints. The server writes its address to a FIFO (--ready-file):
# nothing here sleeps to wait for it.
. "$(dirname "$0")/../lib.sh"

command -v curl >/dev/null || {
	echo "test_serve: curl is missing: build-aux/deps.sh test installs it" >&2
	exit 1
}

. "$TESTS_DIR/serve_lib.sh"

start_server --max-body 64k
check "serve prints its unix socket address" test "${ADDR#unix:}" = "$SBX_STATE_DIR/serve.sock"
check "the socket is mode 0600" test "$(stat -c %a "$SBX_STATE_DIR/serve.sock")" = 600

# --- in-process routes -------------------------------------------------
api GET /v1/health
expect_code 200
schema_ok GET /v1/health
expect_json .status '"ok"'
api GET /v1/openapi.json
expect_code 200
check "/v1/openapi.json is docs/openapi.json" \
	test "$(printf '%s' "$out" | jq -cS .)" = "$(jq -cS . "$ROOT_DIR/docs/openapi.json")"

# --- run ---------------------------------------------------------------
api POST /v1/run '{"language":"js","code":"1+1","id":"r1","labels":{"team":"api"}}'
expect_code 200
schema_ok POST /v1/run
expect_json .result 2
expect_json .request_id '"r1"'
check "X-Sbx-Exit-Code 0" test "$(header X-Sbx-Exit-Code)" = 0
run_id=$(printf '%s' "$out" | jq -r .id)
sbx history show "$run_id" --json
expect_json .id "\"$run_id\""

api POST /v1/run '{"language":"python","code":"import sys; print(\"x\"); sys.exit(3)"}'
expect_code 200
expect_json .status '"error"'
expect_json .exit_code 3
check "a failed run exits 3 in X-Sbx-Exit-Code" test "$(header X-Sbx-Exit-Code)" = 3

api POST /v1/run '{"language":"python","code":"print(input())","stdin":"hi\n","expected_stdout":"hi"}'
expect_json .stdout '"hi\n"'
expect_json .verdict '"passed"'

# U+0000 in the code's output and value: a record like any other (the
# server read sbx's record without JSON_ALLOW_NUL and answered 500).
api POST /v1/run '{"language":"python","code":"print(\"a\\x00b\"); \"x\\x00y\""}'
expect_code 200
expect_json .stdout '"a\u0000b\n"'
expect_json .result '"x\u0000y"'
api POST /v1/run '{"language":"python","code":"print(\"a\\x00b\")"}' -H "Accept: application/x-ndjson"
expect_code 200
check "the stream carries it too" sh -c 'printf "%s\n" "$1" | tail -n 1 | jq -e ".record.stdout == \"a\u0000b\n\"" >/dev/null' _ "$out"

# Streaming: the events of --format ndjson, as they come.
api POST /v1/run '{"code":"console.log(\"a\"); 2"}' -H 'Accept: application/x-ndjson'
expect_code 200
schema_ok POST /v1/run
check "ndjson content type" test "$(header Content-Type)" = application/x-ndjson
check "streamed events" test "$(printf '%s\n' "$out" | jq -r .event | tr '\n' ' ')" = \
	"validation_started validation_completed execution_started stdout execution_completed "
out=$(printf '%s\n' "$out" | tail -n 1)
expect_json .record.result 2

# --- errors ------------------------------------------------------------
api POST /v1/run '{"code":'
expect_error 400 bad_json
schema_ok POST /v1/run
api POST /v1/run '[1]'
expect_error 400 bad_json
api POST /v1/run '{"code":"1","bogus":1}'
expect_error 400 unknown_field
expect_jq '.error.message | contains("bogus")'
api POST /v1/run '{"code":1}'
expect_error 400 bad_field
api POST /v1/run '{"language":"js"}'
expect_error 400 missing_field
api POST /v1/run '{"code":"1","timeout":"abc"}'
expect_error 400 sbx_error
expect_jq '.error.message | contains("timeout")'
api POST /v1/run '{"code":"1","language":"cobol"}'
expect_error 400 sbx_error
api POST /v1/run "{\"code\":\"$(head -c 70000 /dev/zero | tr '\0' x)\"}"
expect_error 413 body_too_large
api GET /v1/nope
expect_error 404 not_found
api DELETE /v1/run
expect_error 405 method_not_allowed
api GET '/v1/deployments/Bad..Name'
expect_error 400 bad_name
api GET '/v1/deployments/ok@0'
expect_error 400 bad_name
api GET '/v1/stats?colour=red'
expect_error 400 unknown_parameter
api GET /v1/sessions/Bad..Name
expect_error 400 bad_name
api POST /v1/deployments/x/executions '{"deployment":"y"}'
expect_error 400 unknown_field

# --- prepare, deployments, stats, doctor -------------------------------
api POST /v1/prepare '{"language":"python","code":"import os\nprint(1)"}'
expect_code 200
schema_ok POST /v1/prepare
expect_json .runnable true
api POST /v1/prepare '{"language":"python","code":"def ("}'
expect_code 200
expect_json .syntax.ok false

api POST /v1/deployments '{"name":"add","language":"js","code":"return inputs.a + 1","timeout":10}'
expect_code 200
schema_ok POST /v1/deployments
expect_json .name '"add"'
expect_json .version 1
api GET /v1/deployments
expect_code 200
schema_ok GET /v1/deployments
expect_json '[.[].name]' '["add"]'
api GET /v1/deployments/add
expect_code 200
schema_ok GET /v1/deployments/{ref}
expect_json .name '"add"'
api POST /v1/deployments/add/executions '{"inputs":{"a":41}}'
expect_code 200
schema_ok POST /v1/deployments/{ref}/executions
expect_json .result 42
expect_json .deployment '{"name":"add","version":1}'
api POST /v1/deployments/nope/executions '{}'
expect_error 404 sbx_error
api GET /v1/deployments/nope
expect_error 404 sbx_error
schema_ok GET /v1/deployments/{ref}
api GET /v1/deployments/add@7
expect_error 404 sbx_error
api DELETE /v1/deployments/add@1
expect_code 200
schema_ok DELETE /v1/deployments/{ref}
expect_json .deleted '"add@1"'
api GET /v1/deployments/add
expect_error 404 sbx_error

api GET '/v1/stats?label=team=api'
expect_code 200
schema_ok GET /v1/stats
expect_json .total 1
api GET /v1/doctor
expect_code 200
schema_ok GET /v1/doctor
expect_jq '.interpreters | length > 0'

# --- the escape corpus through the API: contained as with run ----------
for f in python/forge_exit.py python/forge_report.py python/forge_memory.py python/heap_bomb.py; do
	file=$ROOT_DIR/tests/escape/corpus/$f
	want=$(sed -n 's/^# sbx-expect: //p' "$file")
	body=$(jq -n --rawfile c "$file" '{language: "python", code: $c, timeout: 30}')
	case $f in *heap_bomb*) body=$(printf '%s' "$body" | jq -c '.memory = "64M"') ;; esac
	api POST /v1/run "$body"
	expect_code 200
	check "$f through the API ends $want" test "$(printf '%s' "$out" | jq -r .status)" = "$want"
	check "$f through the API prints no ESCAPED" \
		sh -c '! printf "%s" "$1" | jq -r .stdout | grep -q ESCAPED' _ "$out"
	check "$f through the API has seccomp" test "$(printf '%s' "$out" | jq .sandbox.seccomp)" = true
done

# --- sbx --remote prints what the local command prints -----------------
# remote_same ARGS... — the same stdout, stderr and exit status locally and
# through the server (ids, times and memory peaks removed from records).
norm() { sed -e 's/"id":"[^"]*"//g' -e 's/"ts":"[^"]*"//g' -e 's/"time_ms":{[^}]*}//g' \
	-e 's/"peak":[0-9]*//g' -e 's/"wall_ms":{[^}]*}//g'; }
remote_same() {
	sbx "$@"
	l_out=$(printf '%s' "$out" | norm) l_err=$err l_rc=$rc
	sbx --remote "$ADDR" "$@"
	r_out=$(printf '%s' "$out" | norm)
	if [ "$l_out" = "$r_out" ] && [ "$l_err" = "$err" ] && [ "$l_rc" = "$rc" ]; then
		_pass
	else
		_fail "--remote differs: local rc=$l_rc out='$l_out' err='$l_err'"
	fi
}
printf 'with open("data.txt") as f: print(f.read().upper())\nprint(input())\n' >"$T_TMP/prog.py"
printf 'hello\n' >"$T_TMP/data.txt"
printf 'from stdin\n' >"$T_TMP/in.txt"
remote_same run -l js -e '1+1'
remote_same run -l python -e 'import sys; print("a"); sys.exit(4)'
remote_same run -l python -e '1/0'
# Rich results: their lines come from the same function here and there.
remote_same run -l python -t 300 -e 'class Card:
    def _repr_html_(self): return "<b>hi</b>"
    def __repr__(self): return "Card()"
Card()'
remote_same run -l js -e 'throw new TypeError("bad")'
remote_same run -l js -e 'console.log("x"); ({a: [1, 2]})' --json
remote_same run -l js -e '[1, 2]' --format ndjson
remote_same run "$T_TMP/prog.py" -f "$T_TMP/data.txt" --stdin "$T_TMP/in.txt"
remote_same run -l python -e 'import sys; print(sys.argv[1:], inputs)' -i n=3 -- x y
remote_same run -e 1 --timeout abc
remote_same run -e 1 --timeout abc --json
sbx deploy -n twice -e 'return inputs.n * 2'
remote_same exec-deployment twice -i n=21
remote_same exec-deployment twice -i n=21 --json
remote_same exec-deployment nope
remote_same list
remote_same list --json
remote_same get twice --json
remote_same stats --deployment twice --json
SBX_REMOTE=$ADDR sbx run -e '40+2'
expect_out 42
sbx --remote unix:"$T_TMP/none.sock" run -e 1
expect_rc 125
expect_err_contains "cannot reach"
sbx --remote "$ADDR" gc
expect_rc 125
expect_err_contains "does not work with --remote"
sbx --remote "$ADDR" run -e 1 --require seccomp
expect_rc 125
expect_err_contains "not available with --remote"
# (--out-dir works with --remote: test_remote_files.sh)

# --- overload and a client that goes away ------------------------------
stop_server
check "SIGTERM with nothing in flight exits 0" test "$srv_rc" = 0
check "the socket is removed" test ! -e "$SBX_STATE_DIR/serve.sock"

start_server --max-concurrent 1 --max-queue 0
# The run has started once its execution_started event arrives.
stream_run "${ADDR#unix:}" 'import time
time.sleep(300)'
slow_id=$(printf '%s' "$line" | jq -r .id)
api POST /v1/run '{"code":"1"}'
expect_error 503 overloaded
schema_ok POST /v1/run
check "503 carries Retry-After" test "$(header Retry-After)" = 1
kill "$CURL_PID"
wait "$CURL_PID"
exec 4<&-
# The drain waits for the cancelled run to be recorded.
stop_server
check "the server drained and exited 0" test "$srv_rc" = 0
sbx history show "$slow_id" --json
expect_json .status '"signaled"'
expect_json .error.name '"Cancelled"'

# --- SIGTERM drains a run in flight ------------------------------------
start_server
stream_run "${ADDR#unix:}" 'import time
time.sleep(2)
print("done")'
kill -TERM "$SRV_PID"
last=$(tail -n 1 <&4)
exec 4<&-
wait "$CURL_PID"
wait "$SRV_PID"
srv_rc=$?
check "SIGTERM: the run in flight finished" \
	test "$(printf '%s' "$last" | jq -r .record.stdout)" = done
check "SIGTERM: the server exited 0 after draining" test "$srv_rc" = 0

# --- TCP needs a token --------------------------------------------------
sbx serve --listen 127.0.0.1:0
expect_rc 125
expect_err_contains "token"
printf 'sbx-test-token-0123456789abcdef\n' >"$T_TMP/token"
start_server --listen 127.0.0.1:0 --token-file "$T_TMP/token"
case $ADDR in http://127.0.0.1:*) _pass ;; *) _fail "TCP address is '$ADDR'" ;; esac
# /v1/health without the token: a load balancer's liveness check, which
# learns only that the server answers; with it, the counts too.
api GET /v1/health
expect_code 200
expect_out '{"status":"ok"}'
api GET /v1/health "" -H "Authorization: Bearer wrong-token-wrong-token"
expect_code 200
expect_out '{"status":"ok"}'
api GET /v1/health "" -H "Authorization: Bearer sbx-test-token-0123456789abcdef"
expect_code 200
expect_jq 'has("running") and has("queued")'
api GET /v1/doctor
expect_error 401 unauthorized
check "401 carries WWW-Authenticate" test "$(header WWW-Authenticate)" = Bearer
api POST /v1/run '{"code":"6*7"}' -H "Authorization: Bearer wrong-token-wrong-token"
expect_error 401 unauthorized
api POST /v1/run '{"code":"6*7"}' -H "Authorization: Bearer sbx-test-token-0123456789abcdef"
expect_code 200
expect_json .result 42
sbx --remote "$ADDR" run -e '6*7'
expect_rc 125
expect_err_contains "bearer token"
sbx --remote "$ADDR" --token-file "$T_TMP/token" run -e '6*7'
expect_out 42
SBX_TOKEN=sbx-test-token-0123456789abcdef sbx --remote "$ADDR" run -e '6*7'
expect_out 42
stop_server

finish
