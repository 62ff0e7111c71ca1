#!/bin/sh
# sbx events: every execution publishes its live events to STATE/events.log;
# sbx events prints them (filtered) and --follow waits for new ones.
. "$(dirname "$0")/../lib.sh"

# expect_events JQ_BOOLEAN_EXPR — true on the array of the events in $out.
expect_events() {
	if printf '%s' "$out" | jq -s -e "$1" >/dev/null 2>&1; then _pass; else _fail "jq -s: $1"; fi
}
# What one run published: ev RUN_ID
ev() { printf '.[] | select(.id == "%s")' "$1"; }

# --- nothing yet ----------------------------------------------------------
sbx events
expect_rc 0
expect_out ""

# --- the events of runs ---------------------------------------------------
sbx run --timeout 300 --label team=a --label job=1 --json -e 'console.log("hi"); 1'
expect_rc 0
RUN1=$(printf '%s' "$out" | jq -r .id)
sbx run --timeout 0.3 --json -e 'while (true) {}'
expect_rc 124
RUN2=$(printf '%s' "$out" | jq -r .id)
sbx run --timeout 300 --policy strict --json -e 'var o = {}; o.__proto__.admin = true'
expect_rc 126
RUN3=$(printf '%s' "$out" | jq -r .id)
sbx deploy --timeout 300 -n greeter -e 'console.log("hello")'
expect_rc 0
sbx exec-deployment --timeout 300 greeter --label team=b
expect_rc 0

sbx events --json
expect_rc 0
check "every line is one JSON event" sh -c 'printf "%s\n" "$1" | jq -e -s "length > 0 and all(.[]; has(\"event\") and has(\"ts\") and has(\"id\"))" >/dev/null' _ "$out"
expect_events "[$(ev $RUN1) | .event] == [\"execution_started\", \"output\", \"execution_completed\"]"
expect_events "all($(ev $RUN1) | select(.event == \"output\"); .stream == \"stdout\" and .bytes == 3)"
expect_events "all($(ev $RUN1) | select(.event == \"execution_completed\"); .status == \"ok\" and .exit_code == 0 and .stdout_bytes == 3 and .labels == {\"team\": \"a\", \"job\": \"1\"} and .language == \"javascript\" and .deployment == null and .session == null)"
expect_events "[$(ev $RUN2) | .event] == [\"execution_started\", \"execution_timeout\", \"execution_failed\"]"
expect_events "all($(ev $RUN2) | select(.event == \"execution_failed\"); .status == \"timeout\")"
expect_events "[$(ev $RUN3) | .event] == [\"security_issue\", \"execution_failed\"]"
expect_events "all($(ev $RUN3) | select(.event == \"security_issue\"); .finding.severity == \"block\")"
expect_events "all($(ev $RUN3) | select(.event == \"execution_failed\"); .status == \"blocked\")"
expect_events '[.[] | select(.event == "execution_completed" and .deployment != null) | [.deployment, .labels.team]] == [[{"name": "greeter", "version": 1}, "b"]]' 

# A session's executions carry its id.
sbx session create -l python --json
expect_rc 0
SID=$(printf '%s' "$out" | jq -r .id)
sbx session exec "$SID" --timeout 300 --json -e 'print(6 * 7)'
expect_rc 0
sbx events --json --session "$SID"
expect_events "length >= 2 and all(.[]; .session == \"$SID\" and .language == \"python\") and any(.[]; .event == \"execution_completed\")"
sbx session delete "$SID"

# --- filters --------------------------------------------------------------
sbx events --json --label team=a
expect_events "map(.id) | unique == [\"$RUN1\"]"
sbx events --format ndjson --label team=a --label job=2
expect_out ""
sbx events --json --deployment greeter
expect_events 'length == 3 and all(.[]; .deployment.name == "greeter")'
sbx events --json --language python
expect_events "length == 3 and all(.[]; .session == \"$SID\")"
sbx events --json -l js --since 1h
expect_events 'length > 6 and all(.[]; .language == "javascript")'
sbx events --since 2099-01-01
expect_out ""
sbx events --since yesterday-ish
expect_rc 125
expect_err_contains "--since"
sbx events --label nokey
expect_rc 125
expect_err_contains "KEY=VALUE"
sbx events --deployment ../x
expect_rc 125
sbx events stray
expect_rc 125
expect_err_contains "no operands"

# --- the text view: one line per event, the labels' escapes neutralised ---
sbx run --timeout 300 --label "$(printf 'evil=\033]0;owned\007x')" -e '1'
expect_rc 0
sbx events --label "$(printf 'evil=\033]0;owned\007x')"
expect_rc 0
check "two lines (started, completed)" test "$(printf '%s\n' "$out" | wc -l)" -eq 2
check "no escape character reaches the terminal" sh -c 'printf "%s" "$1" | grep -q "$(printf "\033")" && exit 1; exit 0' _ "$out"
expect_out_contains "execution_completed"
expect_out_contains "status=ok"
sbx events --label team=a
expect_out_contains "team=a"
expect_out_contains "stdout bytes=3"

# --- --follow gets the events of a run started after it -------------------
mkfifo "$T_TMP/follow"
"$SBX" events --follow --since 1h --label run=followed --json >"$T_TMP/follow" &
FOLLOWER=$!
exec 3<"$T_TMP/follow"
sbx run --timeout 300 --label run=followed -e 'console.log(42)'
expect_rc 0
got=$(timeout 300 sed -n '/execution_completed/{p;q}' <&3)
check "the follower printed the run's completed event" sh -c 'printf "%s" "$1" | jq -e ".labels.run == \"followed\" and .stdout_bytes == 3" >/dev/null' _ "$got"
kill "$FOLLOWER" 2>/dev/null
wait "$FOLLOWER" 2>/dev/null
exec 3<&-

# --- many writers at once: only whole lines ------------------------------
S2=$T_TMP/many
: >"$T_TMP/many.ndjson"
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	printf '{"id": "r%s", "language": "javascript", "code": "console.log(\\"x\\".repeat(%s)); %s", "timeout": 300}\n' "$i" "$i" "$i" >>"$T_TMP/many.ndjson"
done
sbx batch --state-dir "$S2" -j 6 "$T_TMP/many.ndjson"
expect_rc 0
check "every line of the log is a JSON object" sh -c 'jq -e -c "type == \"object\"" "$1" >/dev/null' _ "$S2/events.log"
sbx events --state-dir "$S2" --json
expect_events '[.[] | select(.event == "execution_completed")] | length == 12'
expect_events '[.[] | select(.event == "execution_started")] | length == 12'

# Lines near the atomic-write limit (PIPE_BUF) from many writers at once
# stay whole; a line that would pass it loses its labels, never its place.
big=$(head -c 3000 /dev/zero | tr '\0' 'b')
: >"$T_TMP/big.ndjson"
for i in 1 2 3 4 5 6 7 8; do
	printf '{"id": "b%s", "language": "javascript", "code": "console.log(%s)", "labels": {"big": "%s", "n": "%s"}, "timeout": 300}\n' "$i" "$i" "$big" "$i" >>"$T_TMP/big.ndjson"
done
sbx batch --state-dir "$T_TMP/big" -j 8 "$T_TMP/big.ndjson"
expect_rc 0
check "big lines: every line of the log is a JSON object" sh -c 'jq -e -c "type == \"object\"" "$1" >/dev/null' _ "$T_TMP/big/events.log"
check "big lines: 8 runs, each with its whole label" jq -e -s '[.[] | select(.event == "execution_completed") | .labels.big | length] | length == 8 and all(. == 3000)' "$T_TMP/big/events.log" >/dev/null
sbx run --state-dir "$T_TMP/huge" --timeout 300 --label "huge=$(head -c 5000 /dev/zero | tr '\0' 'h')" -e '1'
expect_rc 0
check "a line past 4 KiB: labels dropped, marked truncated" sh -c 'jq -e -s "length == 2 and all(.[]; .truncated == true and .labels == {} and (.id | length) == 26)" "$1" >/dev/null' _ "$T_TMP/huge/events.log"

# --- rotation: past the cap the log becomes events.log.1 -------------------
S3=$T_TMP/rot
for i in 1 2 3 4 5 6 7 8; do
	SBX_EVENTS_LOG_MAX=4096 "$SBX" run --state-dir "$S3" --timeout 300 --label "n=$i" -e "console.log($i)" >/dev/null || echo "run $i failed" >&2
done
check "the log was rotated" test -f "$S3/events.log.1"
check "the log stays near its cap" test "$(wc -c <"$S3/events.log")" -le 8192
check "the rotated log holds whole lines" sh -c 'jq -e -c "type == \"object\"" "$1" >/dev/null' _ "$S3/events.log.1"
sbx events --state-dir "$S3" --json
expect_events '[.[] | select(.event == "execution_completed") | .labels.n] | .[-1] == "8"'
expect_events 'map(.ts) == (map(.ts) | sort)'

# A follower across rotations gets every run's completed event.
S4=$T_TMP/rotfollow
mkfifo "$T_TMP/follow2"
SBX_STATE_DIR=$S4 "$SBX" events --follow --json --since 1h >"$T_TMP/follow2" &
FOLLOWER=$!
exec 3<"$T_TMP/follow2"
for i in 1 2 3 4 5 6; do
	SBX_EVENTS_LOG_MAX=4096 "$SBX" run --state-dir "$S4" --timeout 300 -e "console.log('$i'.repeat(100))" >/dev/null
done
got=$(timeout 300 sed -n '/execution_completed/{p;x;s/^/x/;/^x\{6\}$/q;x}' <&3 | wc -l)
check "the follower saw 6 completed runs across rotations ($got)" test "$got" -eq 6
kill "$FOLLOWER" 2>/dev/null
wait "$FOLLOWER" 2>/dev/null
exec 3<&-

# --- an events log that cannot be written never changes the run -----------
S5=$T_TMP/broken
mkdir -p "$S5/events.log"
sbx run --state-dir "$S5" --timeout 300 --json -e 'console.log("same"); 7'
expect_rc 0
expect_json '[.status, .result, .stdout]' '["ok", 7, "same\n"]'
expect_err_contains "events are not published"
sbx run --state-dir "$S5" --timeout 300 -e 'process.exit(3)'
expect_rc 3

finish
