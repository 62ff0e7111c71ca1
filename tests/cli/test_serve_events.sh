#!/bin/sh
# GET /v1/events of sbx serve (server-sent events, NDJSON), and sbx --remote
# URL events. The server writes its address to a FIFO and a stream's first
# line says it is subscribed: nothing here sleeps to wait.
. "$(dirname "$0")/../lib.sh"

command -v curl >/dev/null || {
	echo "test_serve_events: curl is missing: build-aux/deps.sh test installs it" >&2
	exit 1
}

. "$TESTS_DIR/serve_lib.sh"

start_server
sbx run --timeout 300 --label team=a -e 'console.log("hi")'
expect_rc 0
sbx run --timeout 300 --label team=b -l python -e 'print(1)'
expect_rc 0

# --- past events: server-sent events, NDJSON ----------------------------
api GET '/v1/events?follow=false' ""
expect_code 200
check "text/event-stream" test "$(header Content-Type)" = "text/event-stream"
check "no caching" test "$(header Cache-Control)" = "no-cache"
check "subscribed first" test "$(printf '%s\n' "$out" | head -n 1)" = ": subscribed"
check "an SSE event per run event" test "$(printf '%s\n' "$out" | grep -c '^event: execution_completed$')" -eq 2
data=$(printf '%s\n' "$out" | sed -n 's/^data: //p')
check "every data line is an event" sh -c 'printf "%s\n" "$1" | jq -e -s "length == 6 and all(.[]; .id and .ts and .language)" >/dev/null' _ "$data"

api GET '/v1/events?follow=false&label=team=a' "" -H 'Accept: application/x-ndjson'
expect_code 200
check "NDJSON" test "$(header Content-Type)" = "application/x-ndjson"
schema_ok GET /v1/events
check "the label filter" sh -c 'printf "%s\n" "$1" | jq -e -s "length == 3 and all(.[]; .labels.team == \"a\")" >/dev/null' _ "$out"
api GET '/v1/events?follow=false&language=py' "" -H 'Accept: application/x-ndjson'
check "the language filter" sh -c 'printf "%s\n" "$1" | jq -e -s "length == 3 and all(.[]; .language == \"python\")" >/dev/null' _ "$out"
api GET '/v1/events?follow=false&deployment=nope&since=1h' "" -H 'Accept: application/x-ndjson'
expect_code 200
check "no events of a deployment that never ran" test -z "$(printf '%s' "$out" | tr -d '\n')"

# session=NAME, as every session route takes it (the events carry the id).
sbx session create -l python -n evs
expect_rc 0
sbx session exec evs -t 300 -e 'x = 1'
expect_rc 0
api GET '/v1/events?follow=false&session=evs' "" -H 'Accept: application/x-ndjson'
expect_code 200
check "session=NAME finds the session's execution" sh -c 'printf "%s\n" "$1" | jq -se "map(select(.event == \"execution_completed\")) | length == 1" >/dev/null' _ "$out"
sbx --remote "$ADDR" events --session evs --json
expect_rc 0
check "sbx --remote events --session NAME too" sh -c 'printf "%s\n" "$1" | jq -se "map(select(.event == \"execution_completed\")) | length == 1" >/dev/null' _ "$out"
api GET '/v1/events?follow=false&session=no-such' ""
expect_code 404
expect_json .error.code '"not_found"'
sbx session delete evs
expect_rc 0

# --- bad queries --------------------------------------------------------
for q in 'language=cobol' 'follow=maybe' 'since=someday' 'label=novalue'; do
	api GET "/v1/events?$q" ""
	expect_code 400
	expect_json .error.code '"bad_query"'
	expect_jq '.error.message | length > 10'
done
# A bad since is answered without error(), whose first-message buffer is
# the process's, not a request thread's: nothing on the server's stderr.
check "a bad since leaves no message on the server's stderr" \
	sh -c "! grep -q 'invalid time' '$T_TMP/serve.log'"
api GET '/v1/events?colour=red' ""
expect_code 400
expect_json .error.code '"unknown_parameter"'

# --- following: a run started after subscribing --------------------------
mkfifo "$T_TMP/sse"
curl -sN --unix-socket "$SOCK" 'http://sbx/v1/events?label=run=live' >"$T_TMP/sse" &
CURL_PID=$!
exec 3<"$T_TMP/sse"
first=$(timeout 300 head -n 1 <&3)
check "the stream says it is subscribed" test "$first" = ": subscribed"
code=$(curl -s --unix-socket "$SOCK" -o /dev/null -w '%{http_code}' http://sbx/v1/run \
	-d '{"language": "javascript", "code": "console.log(42)", "labels": {"run": "live"}, "timeout": 300}')
check "the run through the API" test "$code" = 200
got=$(timeout 300 sed -n '/^data: .*execution_completed/{s/^data: //p;q}' <&3)
check "the follower got the run's completed event" sh -c 'printf "%s" "$1" | jq -e ".labels.run == \"live\" and .status == \"ok\" and .stdout_bytes == 3" >/dev/null' _ "$got"
kill "$CURL_PID" 2>/dev/null
wait "$CURL_PID" 2>/dev/null
exec 3<&-

# --- sbx --remote URL events prints what the local command prints --------
"$SBX" events --label team=a >"$T_TMP/local.txt"
sbx --remote "$ADDR" events --label team=a
expect_rc 0
check "remote text = local text" test "$out" = "$(cat "$T_TMP/local.txt")"
"$SBX" events --json -l python >"$T_TMP/local.json"
sbx --remote "$ADDR" events --json -l python
check "remote JSON = local JSON" test "$out" = "$(cat "$T_TMP/local.json")"
sbx --remote "$ADDR" events --since someday
expect_rc 125
expect_err_contains "invalid since"

mkfifo "$T_TMP/remote"
"$SBX" --remote "$ADDR" events --follow --since 1h --label run=remote --json >"$T_TMP/remote" &
REMOTE_PID=$!
exec 4<"$T_TMP/remote"
sbx run --timeout 300 --label run=remote -e 'console.log("r")'
expect_rc 0
got=$(timeout 300 sed -n '/execution_completed/{p;q}' <&4)
check "sbx --remote events --follow got the run" sh -c 'printf "%s" "$1" | jq -e ".labels.run == \"remote\"" >/dev/null' _ "$got"
kill "$REMOTE_PID" 2>/dev/null
wait "$REMOTE_PID" 2>/dev/null
exec 4<&-

# --- SSE ids and Last-Event-ID: a reconnecting client goes on ----------
api POST /v1/run '{"language":"js","code":"1","labels":{"resume":"yes"},"timeout":300}'
api POST /v1/run '{"language":"js","code":"2","labels":{"resume":"yes"},"timeout":300}'
api GET '/v1/events?follow=false&since=1d&label=resume=yes' ""
expect_code 200
cp "$T_TMP/body" "$T_TMP/ids.sse"
nids=$(grep -c '^id: [0-9]*\.[0-9]*$' "$T_TMP/ids.sse")
check "every SSE event has an id ($nids ids, 4 events)" \
	test "$nids" = 4 -a "$(grep -c '^event: ' "$T_TMP/ids.sse")" = 4
id2=$(grep '^id: ' "$T_TMP/ids.sse" | sed -n 2p | cut -c5-)
api GET '/v1/events?follow=false&label=resume=yes' "" -H "Last-Event-ID: $id2"
expect_code 200
check "Last-Event-ID resumes after that event: the second run's two events" \
	test "$(grep '^data: ' "$T_TMP/body")" = "$(grep '^data: ' "$T_TMP/ids.sse" | tail -n 2)"
check "the ids go on where they were" \
	test "$(grep '^id: ' "$T_TMP/body")" = "$(grep '^id: ' "$T_TMP/ids.sse" | tail -n 2)"
api GET '/v1/events?follow=false&label=resume=yes' "" -H "Last-Event-ID: 1.0"
expect_code 200
check "an id of a log rotated away: 'lagged', then every event kept" \
	test "$(grep '^event: ' "$T_TMP/body" | tr '\n' ' ')" = "event: lagged event: execution_started event: execution_completed event: execution_started event: execution_completed "
api GET '/v1/events?follow=false' "" -H "Last-Event-ID: soon"
expect_code 400
expect_json .error.code '"bad_query"'
expect_jq '.error.message | test("Last-Event-ID")'

# --- a subscriber more than 1 MiB behind skips ahead: "lagged" ---------
# 8,000 events of ~200 bytes written straight into the log (as runs would).
/usr/bin/python3 - "$SBX_STATE_DIR/events.log" <<'PY'
import json, sys
with open(sys.argv[1], "a") as f:
    for i in range(8000):
        f.write(json.dumps({"event": "output", "ts": "2026-11-24T00:00:00.000Z",
                            "id": "filler%06d" % i, "language": "javascript",
                            "labels": {"fill": "yes"}, "deployment": None, "session": None,
                            "stream": "stdout", "bytes": i}, separators=(",", ":")) + "\n")
PY
api GET '/v1/events?follow=false&since=2026-01-01' "" -H 'Accept: application/x-ndjson'
expect_code 200
check "the late subscriber is told it lagged" sh -c 'grep . "$1" | head -n 1 | jq -e ".event == \"lagged\"" >/dev/null' _ "$T_TMP/body"
n=$(grep -c '"filler' "$T_TMP/body")
check "it skipped the oldest events, kept the newest ($n of 8000)" sh -c 'test "$1" -gt 1000 && test "$1" -lt 8000 && grep -q "filler007999" "$2"' _ "$n" "$T_TMP/body"
"$SBX" events --label fill=yes --json >"$T_TMP/all.ndjson"
check "sbx events (local) reads them all" test "$(wc -l <"$T_TMP/all.ndjson")" -eq 8000

# --- SIGTERM ends open streams: the server drains and exits 0 -------------
mkfifo "$T_TMP/sse2"
curl -sN --unix-socket "$SOCK" 'http://sbx/v1/events' >"$T_TMP/sse2" &
CURL_PID=$!
exec 5<"$T_TMP/sse2"
first=$(timeout 300 head -n 1 <&5)
check "subscribed before SIGTERM" test "$first" = ": subscribed"
kill -TERM "$SRV_PID"
timeout 300 cat <&5 >/dev/null
wait "$SRV_PID"
check "the server stopped with 0 while a stream was open" test $? -eq 0
wait "$CURL_PID" 2>/dev/null
exec 5<&-

# --- a bounded number of subscribers: beyond, 503 with Retry-After ------
start_server --max-subscribers 1
mkfifo "$T_TMP/sse3"
curl -sN --unix-socket "$SOCK" 'http://sbx/v1/events' >"$T_TMP/sse3" &
CURL_PID=$!
exec 6<"$T_TMP/sse3"
first=$(timeout 300 head -n 1 <&6)
check "the one subscriber is in" test "$first" = ": subscribed"
api GET '/v1/events' ""
expect_code 503
expect_json .error.code '"overloaded"'
check "Retry-After" test "$(header Retry-After)" = 1
api GET /v1/health ""
expect_code 200
kill "$CURL_PID" 2>/dev/null
wait "$CURL_PID" 2>/dev/null
exec 6<&-
kill -TERM "$SRV_PID"
wait "$SRV_PID"
check "stopped cleanly" test $? -eq 0

finish
