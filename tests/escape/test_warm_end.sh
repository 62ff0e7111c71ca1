#!/bin/sh
# A held exec's run ends at its init's word when its code left nothing in
# its pid namespace (sandbox.h, sandbox_leave_ending_init): the record does
# not wait for the init's own exit, which tears the namespaces down, and
# says what a cold run says. The init says "alone" only when no process is
# left but itself; a code that leaves one (holding its output or not) is
# waited for as before: the init's end kills it, and its record is whole.
# Without a pid namespace (SBX_NO_NAMESPACES=1) there is no init: the run
# ends with its process, as before. SBX_PROFILE's phases say which end was
# taken. Run as root, as sbx-ci (test_warm_end_user.sh) and without
# namespaces.
. "$(dirname "$0")/../lib.sh"

TOKEN="27182$$"
trap 'rm -rf "$T_TMP"' EXIT

# warm CODE — one held exec of bash, its request on its standard input.
warm() {
	SBX_PROFILE=1 sbx_in "$(jq -cn --arg c "$1" '{language: "bash", code: $c}')" \
		run --warm-sandbox bash --format json --request -
	T_LAST="warm: $1"
}
# same_as_cold CODE — the warm record's outcome is a cold run's.
same_as_cold() {
	w=$(printf '%s' "$out" | jq -cS '{status, exit_code, signal, stdout, stderr, error, files}')
	sbx run -l bash --format json -e "$1"
	c=$(printf '%s' "$out" | jq -cS '{status, exit_code, signal, stdout, stderr, error, files}')
	check "warm and cold say the same of: $1" test "$w" = "$c"
}

warm 'echo hi'
expect_rc 0
expect_jq '.status == "ok" and .stdout == "hi\n" and .warm == true'
pidns=$(printf '%s' "$out" | jq '.sandbox.namespaces // [] | index("pid") != null')
if [ "$pidns" = true ]; then
	expect_err_contains "init: the code ended alone"
else
	expect_err_contains "main process ended (pidfd)"
fi
same_as_cold 'echo hi'

# Exit codes and signals come with the init's word as with its wait4.
warm 'echo out; echo err >&2; exit 3'
expect_rc 3
expect_jq '.status == "error" and .exit_code == 3 and .stdout == "out\n" and .stderr == "err\n"'
same_as_cold 'echo out; echo err >&2; exit 3'
warm 'kill -SEGV $$'
expect_jq '.status == "signaled" and .signal == "SIGSEGV"'
same_as_cold 'kill -SEGV $$'
# The time and memory are measured either way (the init's rusage).
warm 'x=$(seq 1 20000 | wc -l); echo $x'
expect_jq '.stdout == "20000\n" and .time_ms.cpu > 0 and .memory_kb.peak > 0'

# A process left behind that holds no output: not alone, so the run waits
# for the init's end, which kills it.
warm "sleep $TOKEN >/dev/null 2>&1 </dev/null & echo started"
expect_rc 0
expect_jq '.status == "ok" and .stdout == "started\n"'
check "a run that left a process did not end at the init's word" \
	sh -c '! grep -q "init: the code ended alone" "$1"' - "$T_TMP/stderr"
check "the process it left ended with the run" sh -c "! pgrep -f '[s]leep $TOKEN' >/dev/null"

# One that holds the output: its output after the code's end is not read
# (it is killed with the namespace, as before), and the record is whole.
warm "(sleep 5; echo late) & echo early"
expect_rc 0
expect_jq '.status == "ok" and .stdout == "early\n"'
check "a run whose process holds its output did not end at the init's word" \
	sh -c '! grep -q "init: the code ended alone" "$1"' - "$T_TMP/stderr"

finish
