#!/bin/sh
# sbx serve: the session routes and POST /v1/batch, driven with curl over
# the unix socket (every route, every error class, the answers checked
# against docs/openapi.json), and sbx --remote session/batch printing what
# the local commands print. The server writes its address to a FIFO
# (--ready-file): nothing here sleeps to wait for it.
. "$(dirname "$0")/../lib.sh"

command -v curl >/dev/null || {
	echo "test_serve_sessions: curl is missing: build-aux/deps.sh test installs it" >&2
	exit 1
}

. "$TESTS_DIR/serve_lib.sh"

start_server --max-body 64k

# --- sessions over the API ---------------------------------------------
api POST /v1/sessions '{"language":"python","name":"apis","ttl":"1h","idle":"10m"}'
expect_code 200
schema_ok POST /v1/sessions
expect_json .name '"apis"'
expect_json .status '"running"'
expect_json .ttl_ms 3600000
check "create: X-Sbx-Exit-Code 0" test "$(header X-Sbx-Exit-Code)" = 0
sid=$(printf '%s' "$out" | jq -r .id)

api POST /v1/sessions/apis/executions '{"code":"x = 40\nx + 2","timeout":300}'
expect_code 200
schema_ok POST /v1/sessions/{ref}/executions
expect_json .result 42
expect_json .session.name '"apis"'
expect_json .session.execution_count 1
api POST "/v1/sessions/$sid/executions" \
	'{"code":"print(\"hi\", inputs[\"n\"])\nx","inputs":{"n":7},"labels":{"t":"s"},"timeout":300}' \
	-H 'Accept: application/x-ndjson'
expect_code 200
schema_ok POST /v1/sessions/{ref}/executions
check "exec streams ndjson" test "$(header Content-Type)" = application/x-ndjson
# (output may come in more than one chunk: consecutive events merged)
check "exec streams the run's events" test "$(printf '%s\n' "$out" | jq -r .event | uniq | tr '\n' ' ')" = \
	"validation_started validation_completed execution_started stdout execution_completed "
check "state kept, inputs given" \
	test "$(printf '%s\n' "$out" | jq -c 'select(.record) | [.record.result, .record.stdout]')" = '[40,"hi 7\n"]'
api POST /v1/sessions/apis/executions '{"code":"1/0","timeout":300}'
expect_code 200
expect_json .status '"error"'
check "a failed execution exits 1 in X-Sbx-Exit-Code" test "$(header X-Sbx-Exit-Code)" = 1
# "fresh": a new interpreter that restores none of the earlier state
api POST /v1/sessions/apis/executions '{"code":"\"x\" in globals()","fresh":true,"timeout":300}'
expect_code 200
schema_ok POST /v1/sessions/{ref}/executions
expect_json .result false
expect_json .session.fresh true
api POST /v1/sessions/apis/executions '{"code":"x = 40","timeout":300}'
expect_code 200

# --- a running session's executions go straight to its daemon (no sbx
# child): output streams as it is written, a timeout, two at once in
# arrival order, a client that hangs up ---
# (ts of the stdout event against the record's: the code sleeps 1 s
# between them; a stream held back to the end would have them together)
api POST /v1/sessions/apis/executions \
	'{"code":"import time\nprint(\"early\", flush=True)\ntime.sleep(1)\nx","timeout":300}' \
	-H 'Accept: application/x-ndjson'
expect_code 200
check "direct: the output is streamed before the execution ends" \
	test "$(printf '%s\n' "$out" | jq -s '(map(select(.event == "stdout"))[0].ts |
		sub("\\.[0-9]+Z$"; "Z") | fromdate) as $o |
		(map(select(.record))[0].ts | sub("\\.[0-9]+Z$"; "Z") | fromdate) as $e |
		$e - $o >= 1')" = true
check "direct: then the record" \
	test "$(printf '%s\n' "$out" | jq -c 'select(.record) | [.record.stdout, .record.result]')" = '["early\n",40]'
api POST /v1/sessions/apis/executions \
	'{"code":"import time\nt = 5\nwhile True: time.sleep(0.01)","timeout":1}'
expect_code 200
expect_json .status '"timeout"'
expect_json .session.timeout_action '"interrupted"'
check "direct: a timeout exits 124 in X-Sbx-Exit-Code" test "$(header X-Sbx-Exit-Code)" = 124
api POST /v1/sessions/apis/executions '{"code":"t","timeout":300}'
expect_json .result 5
# Two at once: the second is sent once the first is running (its first
# output came), and runs after it.
stream_until_output() { # BODY: starts a streamed execution; returns after its first stdout event
	rm -f "$T_TMP/stream"
	mkfifo "$T_TMP/stream"
	curl -sN --unix-socket "$SOCK" -X POST -H 'Accept: application/x-ndjson' \
		--data-binary "$1" http://sbx/v1/sessions/apis/executions >"$T_TMP/stream" &
	STREAM_PID=$!
	exec 3<"$T_TMP/stream"
	while IFS= read -r _line <&3; do
		printf '%s\n' "$_line" >>"$T_TMP/streamed"
		case $_line in *'"event":"stdout"'*) break ;; esac
	done
}
: >"$T_TMP/streamed"
stream_until_output '{"code":"import time\norder = [\"first\"]\nprint(\"on\", flush=True)\ntime.sleep(1)\norder.append(\"first done\")\norder","timeout":300}'
api POST /v1/sessions/apis/executions '{"code":"order.append(\"second\")\norder","timeout":300}'
expect_code 200
expect_json .result '["first","first done","second"]'
cat <&3 >>"$T_TMP/streamed"
exec 3<&-
wait "$STREAM_PID"
check "the first one's record came whole" \
	test "$(jq -c 'select(.record) | .record.result' "$T_TMP/streamed")" = '["first","first done"]'
# A client that hangs up mid-execution: the execution finishes all the
# same (SPEC "Sessions"), the next one runs after it, the server goes on.
: >"$T_TMP/streamed"
stream_until_output '{"code":"import time\nprint(\"on\", flush=True)\ntime.sleep(1)\nafter_hangup = 1","timeout":300}'
kill "$STREAM_PID"
exec 3<&-
wait "$STREAM_PID" 2>/dev/null
api POST /v1/sessions/apis/executions '{"code":"after_hangup","timeout":300}'
expect_code 200
expect_json .result 1
api GET /v1/health
expect_code 200

api GET /v1/sessions
expect_code 200
schema_ok GET /v1/sessions
expect_jq 'length == 1 and .[0].name == "apis"'
api GET '/v1/sessions?status=stopped'
expect_jq 'length == 0'
api GET /v1/sessions/apis
expect_code 200
schema_ok GET /v1/sessions/{ref}
expect_json .execution_count 12
# The server's own internals are not the client's: no run directory path,
# no daemon pid (sbx session get on the machine has them).
expect_jq 'has("rundir") or has("daemon_pid") | not'
api GET /v1/sessions
expect_jq 'map(has("rundir") or has("daemon_pid")) | any | not'
api GET /v1/sessions/apis "" -H 'Accept: text/plain'
expect_code 200
check "get in text: the local table" test "$(printf '%s\n' "$out" | sed -n 's/^name  *//p')" = apis
api POST /v1/sessions/apis/stop
expect_code 200
schema_ok POST /v1/sessions/{ref}/stop
expect_json .status '"stopped"'
api POST /v1/sessions/apis/executions '{"code":"x","timeout":300}'
expect_json .result 40
expect_json .session.restored true
# An execution's own stdin, env, args and CPU time (SPEC "Sessions").
api POST /v1/sessions/apis/executions \
	'{"code":"import os, sys\nprint(sys.stdin.read(), os.environ[\"K\"], sys.argv[1:])","stdin":"in","env":{"K":"v"},"args":["a"],"cpu_time":"0.5s","timeout":300}'
expect_code 200
schema_ok POST /v1/sessions/{ref}/executions
expect_json .stdout '"in v [\u0027a\u0027]\n"'
expect_json .limits.cpu_ms 500
api POST /v1/sessions/apis/executions '{"code":"while True: pass","cpu_time":0.5,"timeout":300}'
expect_code 200
expect_json .status '"timeout"'
expect_json .error.name '"CpuTimeLimit"'
api DELETE /v1/sessions/apis
expect_code 200
schema_ok DELETE /v1/sessions/{ref}
expect_json .deleted '"apis"'
check "deleted: its directory is gone" test ! -e "$SBX_STATE_DIR/sessions/$sid"

# --- session errors ----------------------------------------------------
api GET /v1/sessions/apis
expect_error 404 sbx_error
schema_ok GET /v1/sessions/{ref}
api POST /v1/sessions/nope/executions '{"code":"1"}'
expect_error 404 sbx_error
api DELETE /v1/sessions/nope
expect_error 404 sbx_error
api POST /v1/sessions/nope/stop
expect_error 404 sbx_error
api GET '/v1/sessions/Bad..Name'
expect_error 400 bad_name
api GET "/v1/sessions/$(printf 'a%.0s' $(seq 70))"
expect_error 400 bad_name
api POST /v1/sessions '{"language":"python","colour":"red"}'
expect_error 400 unknown_field
api POST /v1/sessions '{"name":7}'
expect_error 400 bad_field
api POST /v1/sessions '{"ttl":"99d"}'
expect_error 400 sbx_error
expect_jq '.error.message | test("ttl")'
api POST /v1/sessions '{"name":"BAD NAME"}'
expect_error 400 sbx_error
api POST /v1/sessions '[1]'
expect_error 400 bad_json
api POST /v1/sessions '{"name":'
expect_error 400 bad_json
api POST /v1/sessions '{"language":"python","name":"dup"}'
expect_code 200
api POST /v1/sessions '{"language":"python","name":"dup"}'
expect_error 409 sbx_error
api POST /v1/sessions/dup/executions '{"timeout":1}'
expect_error 400 missing_field
api POST /v1/sessions/dup/executions '{"code":"1","memory":"1G"}'
expect_error 400 unknown_field
expect_jq '.error.message | test("session execution")'
# Another language runs in its own kernel of the workspace
# (test_workspace.sh); one without a session kernel is refused.
api POST /v1/sessions/dup/executions '{"code":"1","language":"js"}'
expect_code 200
expect_jq '.language == "javascript" and .result == 1'
api POST /v1/sessions/dup/executions '{"code":"package main","language":"go"}'
expect_error 400 sbx_error
expect_jq '.error.message | test("sessions do not support go yet")'
api POST /v1/sessions/dup/executions "{\"code\":\"$(head -c 70000 /dev/zero | tr '\0' 'x')\"}"
expect_error 413 body_too_large
api PUT /v1/sessions
expect_error 405 method_not_allowed
api GET /v1/sessions/dup/executions
expect_error 405 method_not_allowed
api POST /v1/sessions/dup/restart
expect_error 404 not_found
api GET '/v1/sessions?colour=red'
expect_error 400 unknown_parameter
api GET '/v1/sessions?status=bogus'
expect_error 400 sbx_error
# No session outlives the test (its daemon would wait out its idle time).
api DELETE /v1/sessions/dup
expect_code 200

# --- batch over the API ------------------------------------------------
printf '%s\n' '{"id":"a","language":"python","code":"print(1)","timeout":300}' \
	'{"id":"b","code":"1+","timeout":300}' 'not json' \
	'{"id":"d","language":"js","code":"console.log(2)","expected_stdout":"2\n","timeout":300}' \
	>"$T_TMP/batch.ndjson"
api POST /v1/batch "$(cat "$T_TMP/batch.ndjson")"
expect_code 200
schema_ok POST /v1/batch
check "batch streams ndjson" test "$(header Content-Type)" = application/x-ndjson
check "batch: the records in input order, as sbx batch writes them" \
	test "$(printf '%s\n' "$out" | jq -r '[.request_id, .status, .line] | @tsv' | tr '\t\n' ', ')" = \
	"a,ok,1 b,error,2 3,sbx_error,3 d,ok,4 "
check "batch: the verdict" test "$(printf '%s\n' "$out" | jq -r 'select(.request_id == "d") | .verdict')" = passed
api POST '/v1/batch?jobs=1&language=python' '{"code":"print(3)","timeout":300}'
expect_code 200
expect_json .stdout '"3\n"'
api POST /v1/batch ''
expect_error 400 missing_field
api POST /v1/batch "$(printf '\n  \n')"
expect_error 400 missing_field
api POST '/v1/batch?colour=red' '{"code":"1"}'
expect_error 400 unknown_parameter
api POST '/v1/batch?jobs=0' '{"code":"1"}'
expect_error 400 sbx_error
api GET /v1/batch
expect_error 405 method_not_allowed
api POST /v1/batch "$(head -c 70000 /dev/zero | tr '\0' ' ')"
expect_error 413 body_too_large
stop_server

# A policy that blocks: the execution is refused before it reaches the
# session, which never runs it (its count does not move).
printf 'policy:\n  profile: strict\n' >"$T_TMP/strict.yaml"
start_server --config "$T_TMP/strict.yaml"
api POST /v1/sessions '{"language":"python","name":"strict"}'
expect_code 200
api POST /v1/sessions/strict/executions '{"code":"eval(\"1\")","timeout":300}'
expect_code 200
expect_json .status '"blocked"'
check "blocked: X-Sbx-Exit-Code 126" test "$(header X-Sbx-Exit-Code)" = 126
api GET /v1/sessions/strict
expect_json .execution_count 0
api DELETE /v1/sessions/strict
expect_code 200
stop_server

# More lines than a batch takes (10000): a larger --max-body lets them in.
start_server --max-body 1m --max-concurrent 2
api POST /v1/batch "$(yes '{"code":"1"}' | head -n 10001)"
expect_error 413 too_many_requests
# A batch's -j is sandboxes at once: not past the server's --max-concurrent.
api POST '/v1/batch?jobs=3' '{"code":"1"}'
expect_error 400 bad_parameter
expect_jq '.error.message | test("max-concurrent")'

# --- sbx --remote session/batch print what the local commands print -----
# Two sessions with the same history, one used here and one through the
# server; ids, times, the names and the memory in use (kernels, usage) removed from what
# they print.
norm() { sed -e 's/"id":"[^"]*"//g' -e 's/"ts":"[^"]*"//g' -e 's/"time_ms":{[^}]*}//g' \
	-e 's/"peak":[0-9]*//g' -e 's/s[0-9a-f]\{23\}/ID/g' -e 's/\(loc\|rem\)/NAME/g' \
	-e 's/"[a-z_]*_at\(_ms\)\?":[^,]*,//g' -e 's/"last_save_[a-z]*":[^,]*,//g' \
	-e 's/"daemon_pid":[0-9]*,//g' -e 's/"memory_kb":[0-9]*//g' -e 's/"usage":{[^}]*}//g' -e 's/^usage .*/usage/' -e 's/, [0-9.]* MiB$//' \
	-e 's/"rundir":"[^"]*",//g' -e 's/sbx-session-ID-[A-Za-z0-9]\{6\}/RUNDIR/' \
	-e 's/"wall_ms":{[^}]*}//g' -e 's/"elapsed_s":[0-9.e+-]*//g' -e 's/"runs_per_s":[0-9.e+-]*//g' \
	-e 's/[0-9-]*T[0-9:]*Z/TIME/g' -e 's/in [0-9.]* s ([0-9.]* runs\/s)/in S/' \
	-e 's/p50 [0-9.]*, p95 [0-9.]*/P/' -e 's/  *[0-9.]*$//'; }
# same_as_local "LOCAL ARGS" "REMOTE ARGS": @ in them is the session.
same_as_local() {
	# shellcheck disable=SC2086
	sbx_in "${STDIN-}" $(printf '%s' "$1" | sed 's/@/loc/g')
	l_out=$(printf '%s' "$out" | norm) l_err=$(printf '%s' "$err" | norm) l_rc=$rc
	# shellcheck disable=SC2086
	sbx_in "${STDIN-}" --remote "$ADDR" $(printf '%s' "$1" | sed 's/@/rem/g')
	r_out=$(printf '%s' "$out" | norm) r_err=$(printf '%s' "$err" | norm)
	if [ "$l_out" = "$r_out" ] && [ "$l_err" = "$r_err" ] && [ "$l_rc" = "$rc" ]; then
		_pass
	else
		_fail "--remote differs: local rc=$l_rc out='$l_out' err='$l_err' / remote out='$r_out' err='$r_err'"
	fi
}
printf 'y = 6\nprint("from a file")\ny * 7\n' >"$T_TMP/prog.py"
printf 'data\n' >"$T_TMP/data.txt"
same_as_local "session create -n @"
same_as_local "session exec @ -e 1+1 --timeout 300"
same_as_local "session exec @ $T_TMP/prog.py --timeout 300"
same_as_local "session exec @ -e y --timeout 300 --json"
same_as_local "session exec @ -e y --timeout 300 --format ndjson"
same_as_local "session exec @ -e 1/0 --timeout 300"
same_as_local "session exec @ -e 1/0 --timeout 300 --json"
same_as_local "session exec @ -f $T_TMP/data.txt -i k=3 -e print(open('data.txt').read(),inputs['k']) --timeout 300"
same_as_local "session exec @ -e import.time;time.sleep(30) --timeout 1"
same_as_local "session exec @ -e y -l js"
same_as_local "session exec nope -e 1"
same_as_local "session exec nope -e 1 --json"
STDIN='y + 1' same_as_local "session exec @ - --timeout 300"
same_as_local "session exec @ --stdin $T_TMP/data.txt --env K=v -e import.sys,os;print(sys.stdin.read(),os.environ['K'],sys.argv[1:]) --timeout 300 -- a"
STDIN='piped' same_as_local "session exec @ --stdin - -e print(input()) --timeout 300"
same_as_local "session exec @ --cpu-time 0.5 -e while(1):pass --timeout 300 --json"
same_as_local "session get @"
same_as_local "session get @ --json"
same_as_local "session list"
same_as_local "session list --json --status running"
same_as_local "session get nope"
same_as_local "session get nope --json"
same_as_local "session stop @"
same_as_local "session stop @ --json"
same_as_local "session delete @ nope"
same_as_local "session delete @"
same_as_local "session create -n @ --json --ttl 2h --idle 5m -m 128M"
same_as_local "session create -n @"
same_as_local "session create --ttl 99d"
same_as_local "session frobnicate"
same_as_local "session stop @"
same_as_local "session delete @"

same_as_local "batch -j 2 $T_TMP/batch.ndjson"
same_as_local "batch -j 2 --format text $T_TMP/batch.ndjson"
# --json: one document; its volatile parts (ids, times) removed by jq.
jnorm() { jq -S 'del(.records[].id, .records[].time_ms, .records[].memory_kb,
	.summary.elapsed_s, .summary.runs_per_s, .summary.wall_ms)'; }
sbx batch -j 2 --json "$T_TMP/batch.ndjson"
l_rc=$rc l_doc=$(printf '%s' "$out" | jnorm)
sbx --remote "$ADDR" batch -j 2 --json "$T_TMP/batch.ndjson"
check "batch --json: the same document through the server" \
	test "$l_rc/$l_doc" = "$rc/$(printf '%s' "$out" | jnorm)"
same_as_local "batch -q -l python $T_TMP/batch.ndjson"
same_as_local "batch $T_TMP/none.ndjson"
STDIN='{"code":"2+3","timeout":300}' same_as_local "batch -"
sbx --remote "$ADDR" batch --out "$T_TMP/out.ndjson" -q "$T_TMP/batch.ndjson"
expect_rc 1
check "--out written here" test "$(wc -l <"$T_TMP/out.ndjson")" = 4
sbx --remote "$ADDR" batch --resume --out "$T_TMP/out.ndjson" "$T_TMP/batch.ndjson"
expect_rc 125
expect_err_contains "--resume"
sbx --remote "$ADDR" batch --label a=b "$T_TMP/batch.ndjson"
expect_rc 125
expect_err_contains "--label"
stop_server

finish
