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

# --- a batch runs in the places that are free ---------------------------------
# One of the two places is a run's: the batch asks for 2 and gets 1, so it
# runs as sbx batch -j 1 (whose turns hold it to one sandbox at a time:
# tests/cli/test_batch_turns.sh).
start_server --listen "unix:$T_TMP/b.sock" --max-concurrent 2 --max-queue 0
stream_run "$SOCK" 'import time
time.sleep(300)'
follow_events t=one
printf '%s\n' \
	"{\"language\": \"python\", \"code\": \"$SLEEPER\", \"timeout\": 300, \"labels\": {\"t\": \"one\", \"n\": \"a\"}}" \
	"{\"language\": \"python\", \"code\": \"print(2)\", \"timeout\": 300, \"labels\": {\"t\": \"one\", \"n\": \"b\"}}" \
	>"$T_TMP/one.ndjson"
curl -s --unix-socket "$SOCK" --data-binary @"$T_TMP/one.ndjson" \
	'http://sbx/v1/batch?jobs=2' >/dev/null &
BATCH_PID=$!
e1=$(next_event)
T_LAST="POST /v1/batch?jobs=2 with one place free"
check "the batch is under way ($e1)" test "${e1%% *}" = execution_started
# The server's batch child, a fork of its runner (no command line): its
# name says the -j it runs with.
names=$(for r in $(pgrep -P "$SRV_PID"); do
	for c in $(pgrep -P "$r"); do cat "/proc/$c/comm"; done
done 2>/dev/null)
check "the batch runs with -j 1, the place that was free ($names)" \
	sh -c 'printf "%s\n" "$1" | grep -qx "sbx batch -j1"' sh "$names"
api GET /v1/health
expect_json .running 2
kill "$BATCH_PID"
wait "$BATCH_PID" 2>/dev/null
stop_events
kill "$CURL_PID"
wait "$CURL_PID"
exec 4<&-
stop_server
check "the server exited 0" test "$srv_rc" = 0

# --- idle and half-open connections without a token ------------------------------
TOKEN=sbx-test-token-0123456789abcdef
printf '%s\n' "$TOKEN" >"$T_TMP/token"
AUTH="Authorization: Bearer $TOKEN"
# hostile SRC MODE COUNT [ARG] — hostile_client.py against $ADDR's port in
# the background, its stdin from fd 5 and its lines on fd 6. Sets H_PID.
hostile() {
	rm -f "$T_TMP/h_in" "$T_TMP/h_out"
	mkfifo "$T_TMP/h_in" "$T_TMP/h_out"
	python3 "$TESTS_DIR/escape/hostile_client.py" "${ADDR##*:}" "$@" \
		<"$T_TMP/h_in" >"$T_TMP/h_out" &
	H_PID=$!
	exec 5>"$T_TMP/h_in" 6<"$T_TMP/h_out"
}
hostile_end() {
	exec 5>&- 6<&-
	wait "$H_PID"
}

# The server's defaults, with few places: about 200 connections from one
# address once took all of its connections (the limit is 67 here), for 120 s.
start_server --listen 127.0.0.1:0 --token-file "$T_TMP/token" --max-concurrent 1 \
	--max-queue 1 --max-subscribers 1
hostile 127.0.0.2 hold 200
read -r ready held <&6
T_LAST="200 half-open connections from 127.0.0.2"
check "the hostile client connected ($ready $held)" test "$ready" = ready
# Answered while all of them are open (from 127.0.0.1: another address).
api GET /v1/health "" -H "$AUTH" --max-time 120
expect_code 200
expect_json .status '"ok"'
api POST /v1/run '{"language": "python", "code": "print(6 * 7)"}' -H "$AUTH" --max-time 120
expect_code 200
expect_json .stdout '"42\n"'
# Every one of them is closed by the server: the ones over the address's
# limit at once, the others at the head's deadline.
echo go >&5
read -r what closed _of all <&6
hostile_end
T_LAST="200 half-open connections from 127.0.0.2, after the requests"
check "the server closed every half-open connection ($what $closed $_of $all)" \
	test "$what $closed" = "closed $all"
# A head sent a byte at a time never completes: the connection goes at the
# deadline, not after each byte's idle timeout.
hostile 127.0.0.4 dribble 1
read -r what _after sent _of total _bytes <&6
hostile_end
T_LAST="a request head sent a byte every half second"
check "the server ended the slow head before it was complete ($what $_after $sent $_of $total)" \
	test "$what" = closed -a "${sent:-0}" -lt "${total:-0}"
stop_server

# --max-per-address: the connections past it are closed at once, whatever
# they send; another address is served.
start_server --listen 127.0.0.1:0 --token-file "$T_TMP/token" --max-per-address 4 \
	--head-timeout 1h
hostile 127.0.0.3 refused 10 4
read -r ready n <&6
read -r what still <&6
T_LAST="10 idle connections from 127.0.0.3, --max-per-address 4"
check "the server kept 4 of them open ($ready $n, $what $still)" test "$what $still" = "open 4"
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 120 --interface 127.0.0.3 \
	-H "$AUTH" "$ADDR/v1/health")
check "a fifth connection from 127.0.0.3 is closed unanswered (HTTP $code)" test "$code" = 000
api GET /v1/health "" -H "$AUTH" --max-time 120
expect_code 200
echo go >&5
hostile_end
stop_server

# Once its token is checked, a connection is the client's for as long as its
# request runs, well past the head's deadline.
start_server --listen 127.0.0.1:0 --token-file "$T_TMP/token" --head-timeout 1s
api POST /v1/run '{"language": "python", "code": "import time\ntime.sleep(2)\nprint(\"done\")", "timeout": 300}' \
	-H "$AUTH" -H 'Accept: application/x-ndjson' --max-time 300
expect_code 200
check "a run longer than --head-timeout streamed to its end" \
	sh -c 'printf "%s\n" "$1" | tail -n 1 | jq -e ".record.stdout == \"done\n\"" >/dev/null' _ "$out"
api GET /v1/doctor "" -H "Authorization: Bearer wrong-token-wrong-token"
expect_error 401 unauthorized
# the liveness probe needs no token and tells nothing more than that
api GET /v1/health "" -H "Authorization: Bearer wrong-token-wrong-token"
expect_code 200
expect_out '{"status":"ok"}'
stop_server

finish
