#!/bin/sh
# sbx serve's warm pool (issue 33; config serve.warm_pool): the key is
# checked; /v1/ready shows the pool; a run taken warm answers the same
# record, history and events as the same run cold, plus "warm": true; a
# request the pool was not made for runs cold; a flood never grows the
# pool; the drain ends every warm sandbox (found by the server's own
# process group). Steps wait on the server's words, never on time.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"
. "$TESTS_DIR/warm_pool_lib.sh"

[ -x /usr/bin/python3 ] || { echo "skip: no python3"; finish; exit 0; }

# The key: only python, a whole number from 0 to 16.
for bad in 'typescript: 2' 'python: 17' 'python: two' 'python: -1'; do
	printf 'serve:\n  warm_pool:\n    %s\n' "$bad" >"$T_TMP/bad.yaml"
	sbx run --config "$T_TMP/bad.yaml" -l python -e 'print(1)'
	expect_rc 125
	expect_err_contains "serve.warm_pool"
done
printf 'serve:\n  warm: 1\n' >"$T_TMP/bad.yaml"
sbx run --config "$T_TMP/bad.yaml" -l python -e 'print(1)'
expect_rc 125
expect_err_contains "warm_pool"

# A warm sandbox started by hand ends with nothing recorded when its
# input ends before a request (the server's drain).
sbx run --warm-sandbox python --format json --request -
expect_rc 0
expect_out ""
check "an unused warm sandbox leaves no history" test ! -s "$SBX_STATE_DIR/history.log"

# A warm sandbox that failed before its gate (here: no interpreter) still
# answers its request, cold, as sbx run would.
printf 'languages:\n  python:\n    command: [/nonexistent/python3]\n' >"$T_TMP/noint.yaml"
sbx_in '{"language":"python","code":"print(1)"}' run --warm-sandbox python \
	--config "$T_TMP/noint.yaml" --format json --request -
expect_jq '.status == "unavailable" and .warm == false'

# A cold server beside the warm one, on a state directory of its own.
start_cold_server
SIZE=2
warm_config "$T_TMP/warm.yaml" $SIZE
start_warm_server "$T_TMP/warm.yaml"
trap 'kill $SRV_PID $COLD_PID 2>/dev/null; rm -rf "$T_TMP"' EXIT

api GET /v1/ready ""
expect_code 200
expect_jq '.warm_pool.python.size == 2 and .warm_pool.python.ready == 2'
# Each says when it is set up (waits at its gate): then set_up counts it.
pool_full $SIZE
check "the pool is set up" test $? -eq 0
expect_jq '.warm_pool.python == {"size": 2, "ready": 2, "set_up": 2, "on": true}'
schema_ok GET /v1/ready

# The warm sandboxes' cgroups are named after their processes (sbx-PID):
# each taken one's is left to the next sandbox's sweep, and none may
# outlive the server, which sweeps them as it ends (checked at the end).
group_pids=""
note_group() { group_pids="$group_pids $(ps -o pid= -g "$SRV_PID")"; }

# The same records warm and cold, but for the run's own id, times, memory
# and "warm" (and the history's time).
for code in 'print("hi")
6 * 7' 'import sys
print("out"); print("err", file=sys.stderr)
sys.exit(3)' 'def f():
    raise ValueError("no")
f()' '{"a": [1, 2.5, None]}'; do
	pool_full $SIZE
	note_group
	warm_vs_cold python "$code"
done

# What the pool was not made for runs cold, as it would without a pool.
api POST /v1/run '{"language":"python","code":"print(input())","stdin":"typed"}'
expect_jq '.warm == false and .stdout == "typed\n"'
api POST /v1/run '{"language":"python","code":"print(1)","timeout":3}'
expect_jq '.warm == false and .limits.timeout_ms == 3000'
api POST /v1/run '{"language":"python","code":"print(1)","labels":{"k":"v"}}'
expect_jq '.warm == false and .status == "ok"'

# A flood never grows the pool: SIZE warm sandboxes at most, and the
# server's process group holds the server, its runner and them.
pool_full $SIZE
pids=
for i in 1 2 3 4 5 6 7 8; do
	curl -s --unix-socket "$SOCK" -o "$T_TMP/flood.$i" \
		--data-binary '{"language":"python","code":"print(1)"}' http://sbx/v1/run &
	pids="$pids $!"
done
# shellcheck disable=SC2086
wait $pids
for i in 1 2 3 4 5 6 7 8; do
	out=$(cat "$T_TMP/flood.$i")
	expect_jq '.status == "ok" and .stdout == "1\n"'
done
api GET /v1/ready ""
expect_jq '.warm_pool.python.size == 2 and .warm_pool.python.ready <= 2'
n=$(group_count)
check "the server's group holds at most the server, the runner, its standby and 2 warm sandboxes ($n)" \
	test "$n" -le 5

# The drain ends every warm sandbox: nothing of the group is left, and no
# work directory.
pool_full $SIZE
check "the pool is full before the drain" test $? -eq 0
note_group
# and a last warm run right before it: its group, left to a next sandbox
# that may not come, is the server's to remove.
run_py 'print(1)'
expect_jq '.warm == true'
expect_drained
if [ "$(id -u)" -ne 0 ]; then
	check "no work directory is left" sh -c "! ls -A '$SBX_STATE_DIR/work' 2>/dev/null | grep -q ."
else
	left=""
	for d in $(python3 "$TESTS_DIR/escape/crash_cgroups.py"); do
		for p in $group_pids; do
			[ -d "$d/sbx-$p" ] && ! kill -0 "$p" 2>/dev/null && left="$left $d/sbx-$p"
		done
	done
	check "no cgroup of the server's warm sandboxes is left:$left" test -z "$left"
fi
kill -TERM "$COLD_PID"
wait "$COLD_PID"
finish
