#!/bin/sh
# sbx serve under hostile clients (real curl, python3 sockets, loopback):
# - a batch holds a place of --max-concurrent for every sandbox it runs at
#   once (it held one and ran up to --max-concurrent);
# - idle and half-open connections cannot lock authenticated clients out
#   (one address holds at most --max-connections-per-address; a request
#   head has --head-timeout to arrive; /v1/health keeps answering).
# Nothing here waits on a clock: each step waits for what the server says
# (an event, an answer, a closed connection), bounded only so that a
# broken server fails the test instead of hanging it.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"

command -v curl >/dev/null || {
	echo "test_serve_hostile: curl is missing: build-aux/deps.sh test installs it" >&2
	exit 1
}

# follow_events LABEL — GET /v1/events?label=LABEL as NDJSON on fd 3;
# returns once subscribed. Sets EV_PID.
follow_events() {
	rm -f "$T_TMP/ev"
	mkfifo "$T_TMP/ev"
	curl -sN --unix-socket "$SOCK" -H 'Accept: application/x-ndjson' \
		"http://sbx/v1/events?label=$1" >"$T_TMP/ev" &
	EV_PID=$!
	exec 3<"$T_TMP/ev"
	read -r _subscribed <&3 # the empty line sent on subscribing
}

# next_event — the next event on fd 3 as "TYPE NAME" (NAME: its label n).
next_event() {
	read -r _ev <&3 || return 1
	printf '%s' "$_ev" | jq -r '"\(.event) \(.labels.n)"'
}

stop_events() {
	kill "$EV_PID" 2>/dev/null
	wait "$EV_PID" 2>/dev/null
	exec 3<&-
}

SLEEPER='import time\ntime.sleep(300)'

# --- a batch takes a place per sandbox it runs ---------------------------------
start_server --listen "unix:$T_TMP/b.sock" --max-concurrent 2 --max-queue 0
follow_events t=full
printf '%s\n' \
	"{\"language\": \"python\", \"code\": \"$SLEEPER\", \"timeout\": 300, \"labels\": {\"t\": \"full\", \"n\": \"a\"}}" \
	"{\"language\": \"python\", \"code\": \"$SLEEPER\", \"timeout\": 300, \"labels\": {\"t\": \"full\", \"n\": \"b\"}}" \
	>"$T_TMP/two.ndjson"
curl -s --unix-socket "$SOCK" --data-binary @"$T_TMP/two.ndjson" \
	'http://sbx/v1/batch?jobs=2' >/dev/null &
BATCH_PID=$!
e1=$(next_event)
e2=$(next_event)
T_LAST="POST /v1/batch?jobs=2 (two sleepers)"
check "both of the batch's requests were taken ($e1, $e2)" \
	test "${e1%% *} ${e2%% *}" = "execution_started execution_started"
api GET /v1/health
expect_json .running 2
# Both places are the batch's: a run is refused (no queue), not run beside.
api POST /v1/run '{"language": "python", "code": "print(1)"}'
expect_error 503 overloaded
kill "$BATCH_PID"
wait "$BATCH_PID" 2>/dev/null
stop_events
stop_server
check "the server drained the cancelled batch and exited 0" test "$srv_rc" = 0

# --- a batch runs in the places that are free, one after the other ------------
start_server --listen "unix:$T_TMP/b.sock" --max-concurrent 2 --max-queue 4
stream_run "$SOCK" 'import time
time.sleep(300)'
follow_events t=one
# a ends by its timeout; with one place b can only run after that.
printf '%s\n' \
	"{\"language\": \"python\", \"code\": \"$SLEEPER\", \"timeout\": \"1s\", \"labels\": {\"t\": \"one\", \"n\": \"a\"}}" \
	"{\"language\": \"python\", \"code\": \"print(2)\", \"timeout\": 300, \"labels\": {\"t\": \"one\", \"n\": \"b\"}}" \
	>"$T_TMP/one.ndjson"
api POST '/v1/batch?jobs=2' "$(cat "$T_TMP/one.ndjson")"
expect_code 200
check "the batch's records: a timed out, b ran" \
	sh -c 'printf "%s\n" "$1" | jq -e -s "map(.status) == [\"timeout\", \"ok\"]" >/dev/null' _ "$out"
# A request's execution_started comes when it is prepared, before its
# turn; its end comes after its sandbox ran. With one place, b's sandbox
# only runs once a's has ended.
order=""
while ev=$(next_event); do
	case $ev in execution_started*) continue ;; esac
	order="$order${order:+, }$ev"
	case $ev in "execution_completed b") break ;; esac
done
T_LAST="POST /v1/batch?jobs=2 with one place free"
case $order in
"execution_timeout a, execution_failed a, "*"execution_completed b") _pass ;;
*) _fail "b ran beside a (and the run: past --max-concurrent 2): $order" ;;
esac
stop_events
kill "$CURL_PID"
wait "$CURL_PID"
exec 4<&-
stop_server
check "the server exited 0" test "$srv_rc" = 0

finish
