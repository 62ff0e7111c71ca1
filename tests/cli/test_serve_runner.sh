#!/bin/sh
# sbx serve's runner (src/serve/runner.c): runs start in a fork of a
# pre-forked process instead of a new sbx. Checks: the runner holds no fd of
# the server's but its socket; runs answer as a local run does (results,
# exit codes, a timeout, exec-deployment); the code's signal state is a
# local run's; the config file is read anew for every run; a client that
# hangs up gets its run (a child of the runner) cancelled, even when the
# runner was killed meanwhile; many requests at once; and after kill -9 of
# the runner the server keeps answering (its standby takes over, and forks
# the next standby: nothing is spawned). test_serve.sh compares --remote with local output for
# many more commands, through the same runner.
. "$(dirname "$0")/../lib.sh"

command -v curl >/dev/null || {
	echo "test_serve_runner: curl is missing: build-aux/deps.sh test installs it" >&2
	exit 1
}

. "$TESTS_DIR/serve_lib.sh"

# runner_pid — the server's child named sbx-runner (empty when none).
runner_pid() {
	for _c in $(cat /proc/"$SRV_PID"/task/*/children 2>/dev/null); do
		[ "$(cat /proc/"$_c"/comm 2>/dev/null)" = sbx-runner ] && echo "$_c" && return
	done
}

# same_as_local BODY ARGS... — POST /v1/run BODY answers what `sbx run
# ARGS --json` prints locally (status, exit code, result, output, error).
same_as_local() {
	_b=$1
	shift
	_keys='{status, exit_code, result, stdout, stderr, err: .error.name, ok}'
	sbx run --json --timeout 300 "$@"
	_local=$(printf '%s' "$out" | jq -cS "$_keys")
	api POST /v1/run "$_b"
	_remote=$(printf '%s' "$out" | jq -cS "$_keys")
	T_LAST="POST /v1/run $_b vs sbx run $*"
	if [ -n "$_local" ] && [ "$_local" = "$_remote" ]; then
		_pass
	else
		_fail "remote $_remote, local $_local"
	fi
}

printf 'limits:\n  timeout: 7s\n' >"$T_TMP/cfg.yaml"
start_server --config "$T_TMP/cfg.yaml"
R=$(runner_pid)
check "the server has a runner process" test -n "$R"
check "the runner keeps stdin, stdout, stderr, its socket and a signalfd only" \
	test "$(ls /proc/"$R"/fd | sort -n | tr '\n' ' ')" = "0 1 2 3 4 "
check "the runner's stdin and stdout are /dev/null" \
	test "$(readlink /proc/"$R"/fd/0) $(readlink /proc/"$R"/fd/1)" = "/dev/null /dev/null"

# --- the same answers as a local run -----------------------------------
same_as_local '{"language":"js","code":"1+1","timeout":300}' -l js -e '1+1'
same_as_local '{"language":"python","code":"import sys\nprint(\"a\")\nsys.exit(4)","timeout":300}' \
	-l python -e 'import sys
print("a")
sys.exit(4)'
check "the exit status the runner reports is the answer's (4)" test "$(header X-Sbx-Exit-Code)" = 4
same_as_local '{"language":"js","code":"throw new TypeError(\"bad\")","timeout":300}' \
	-l js -e 'throw new TypeError("bad")'
api POST /v1/run '{"language":"js","code":"while (true) {}","timeout":0.5}'
expect_code 200
expect_json .status '"timeout"'
expect_json .error.name '"WallTimeLimit"'
check "a timeout's exit code is 124" test "$(header X-Sbx-Exit-Code)" = 124
api POST /v1/run '{"language":"js","code":"1","timeout":"abc"}'
expect_error 400 sbx_error
api POST /v1/deployments '{"name":"inc","language":"js","code":"return inputs.a + 1","timeout":300}'
expect_code 200
api POST /v1/deployments/inc/executions '{"inputs":{"a":41}}'
expect_code 200
expect_json .result 42
expect_json .deployment '{"name":"inc","version":1}'
api POST /v1/deployments/nope/executions '{}'
expect_error 404 sbx_error

# The code's signal mask and ignored signals: a local run's.
sig='print(" ".join(l.split()[1] for l in open("/proc/self/status") if l.startswith(("SigBlk", "SigIgn"))))'
sbx run -l python --timeout 300 -e "$sig"
local_sig=$out
api POST /v1/run "$(jq -cn --arg c "$sig" '{language: "python", code: $c, timeout: 300}')"
expect_code 200
check "the code's SigBlk and SigIgn are a local run's ($local_sig)" \
	test "$(printf '%s' "$out" | jq -r .stdout)" = "$local_sig"

# --- the config file is read for each run -------------------------------
api POST /v1/run '{"language":"js","code":"1"}'
expect_json .limits.timeout_ms 7000
printf 'limits:\n  timeout: 9s\n' >"$T_TMP/cfg.new"
mv "$T_TMP/cfg.new" "$T_TMP/cfg.yaml"
api POST /v1/run '{"language":"js","code":"1"}'
expect_json .limits.timeout_ms 9000

# --- many at once ---------------------------------------------------------
i=0
pids=
while [ $i -lt 24 ]; do
	printf '{"language":"js","code":"%d * 2","timeout":300}' "$i" |
		curl -s --unix-socket "$SOCK" --data-binary @- -o "$T_TMP/many.$i" \
			http://sbx/v1/run &
	pids="$pids $!"
	i=$((i + 1))
done
# shellcheck disable=SC2086
wait $pids
i=0
bad=0
while [ $i -lt 24 ]; do
	[ "$(jq -r '"\(.status) \(.result)"' "$T_TMP/many.$i")" = "ok $((i * 2))" ] || bad=$((bad + 1))
	i=$((i + 1))
done
T_LAST="24 concurrent runs"
check "24 concurrent runs all answered with their own result" test "$bad" = 0
check "the runner is still the same process" test "$(runner_pid)" = "$R"

# --- a client that hangs up: its run (the runner's child) is cancelled ---
stream_run "$SOCK" 'import time
time.sleep(300)'
slow_id=$(printf '%s' "$line" | jq -r .id)
check "the run is a child of the runner" test -n "$(cat /proc/"$R"/task/"$R"/children)"
# The runner dies while the run is in flight; then the client hangs up:
# the cancel reaches the run all the same (its pidfd, not the runner).
kill -9 "$R"
kill "$CURL_PID"
wait "$CURL_PID"
exec 4<&-

# --- the runner is gone: the server keeps working ------------------------
api POST /v1/run '{"language":"js","code":"20 + 22","timeout":300}'
expect_code 200
expect_json .result 42
api POST /v1/run '{"language":"python","code":"import sys\nsys.exit(3)","timeout":300}'
expect_code 200
expect_json .exit_code 3
check "a spawned run's exit status is the answer's (3)" test "$(header X-Sbx-Exit-Code)" = 3
api POST /v1/deployments/inc/executions '{"inputs":{"a":1}}'
expect_code 200
expect_json .result 2
check "the server says the runner is gone" grep -q "runner process is gone" "$T_TMP/serve.log"
# Its standby took over (a process forked at start, no exec) and forked a
# standby of its own: killing that runner too changes nothing either.
S=$(runner_pid)
check "the standby is the runner now" test -n "$S" -a "$S" != "$R"
N=
for _c in $(cat /proc/"$S"/task/*/children 2>/dev/null); do
	[ "$(cat /proc/"$_c"/comm 2>/dev/null)" = sbx-standby ] && N=$_c
done
check "the new runner forked the next standby" test -n "$N"
check "the standby holds its stdin, stdout, stderr, its socket and a signalfd only" \
	test "$(ls /proc/"$N"/fd | sort -n | tr '\n' ' ')" = "0 1 2 3 4 "
kill -9 "$S"
api POST /v1/run '{"language":"js","code":"6 * 7","timeout":300}'
expect_code 200
expect_json .result 42
check "the next standby is the runner after that" test "$(cat /proc/"$N"/comm)" = sbx-runner
api GET /v1/ready ""
expect_code 200
expect_json '[.ready, .runner]' '[true,true]'

# --- the runner and its standby both killed: the node says it is not ready,
# so a load balancer sends the work to another node ------------------------
M=
for _c in $(cat /proc/"$N"/task/*/children 2>/dev/null); do
	[ "$(cat /proc/"$_c"/comm 2>/dev/null)" = sbx-standby ] && M=$_c
done
check "the runner after that has a standby too" test -n "$M"
kill -9 "$N" "$M"
api POST /v1/run '{"language":"js","code":"1","timeout":300}'
check "a run without any runner is refused ($code)" test "$code" -ge 500
api GET /v1/ready ""
expect_code 503
expect_json '[.ready, .runner]' '[false,false]'
check "the server says to restart it" grep -q "restart sbx serve" "$T_TMP/serve.log"

# The drain waits for the cancelled run to end and be recorded.
stop_server
check "the server drained and exited 0" test "$srv_rc" = 0
sbx history show "$slow_id" --json
expect_json .status '"signaled"'
expect_json .error.name '"Cancelled"'

finish
