#!/bin/sh
# Rich results stream as they are made (README "Streamed results"): each
# display() leaves the sandbox at once as a `result` event, before the
# program ends, and the record still holds them all, in order. The
# programs wait on something the test controls (their stdin, a FIFO; or
# they sleep and the test ends them): a result event that only came at
# the end would never arrive while the test waits for it. No sleeps in
# the test, no timing. HTTP and MCP: test_results_stream_http.sh.
. "$(dirname "$0")/../lib.sh"

# until_event FD — reads NDJSON lines from FD up to the first result event
# or the run's end; that line in $line ("" at EOF).
until_event() {
	line=""
	while IFS= read -r _l <&"$1"; do
		case $_l in
		*'"event":"result"'* | *'"event":"execution_completed"'* | *'"event":"execution_failed"'*)
			line=$_l
			return
			;;
		esac
	done
}

# expect_released_tail — once a released program goes on: its second
# result, then the record holding both, read from fd 6 (the run's NDJSON,
# whose sbx is $_pid); closes fd 6 and waits for sbx.
expect_released_tail() {
	until_event 6
	out=$line
	expect_json '[.event, .index, .data]' '["result", 1, "second"]'
	until_event 6
	out=$line
	expect_json '[.event, .record.status, [.record.results[].data]]' \
		'["execution_completed", "ok", ["first", "second"]]'
	exec 6<&-
	wait "$_pid"
}

# released LANG CODE — runs CODE (which displays "first", then reads its
# stdin to EOF, then displays "second") with --format ndjson; its stdin
# is a FIFO the test holds open. Checks the first result arrived while
# the program still waited, then releases it and checks the record.
released() {
	_lang=$1
	rm -f "$T_TMP/in" "$T_TMP/out"
	mkfifo "$T_TMP/in" "$T_TMP/out"
	exec 5<>"$T_TMP/in" # read-write: opening it never blocks
	# shellcheck disable=SC2086 # RUN_FLAGS: words
	"$SBX" run -l "$_lang" ${RUN_FLAGS:-} --timeout 60 --stdin - --format ndjson -e "$2" \
		<"$T_TMP/in" >"$T_TMP/out" 2>"$T_TMP/stderr" 5>&- &
	_pid=$!
	exec 6<"$T_TMP/out"
	T_LAST="sbx run -l $_lang --format ndjson (released)"
	until_event 6
	out=$line
	expect_json '[.event, .index, .mime, .data, .truncated]' '["result", 0, "text/plain", "first", false]'
	printf 'go\n' >&5
	exec 5>&-
	expect_released_tail
}

released python 'display({"text/plain": "first"}, raw=True)
import sys
sys.stdin.read()
display({"text/plain": "second"}, raw=True)'
released r 'display(list("text/plain" = "first"), raw = TRUE)
invisible(readLines(file("stdin")))
display(list("text/plain" = "second"), raw = TRUE)'

# node (--engine node) has the same display() as Duktape, and a stdin.
RUN_FLAGS="--engine node"
released javascript 'display({"text/plain": "first"}, {raw: true});
require("fs").readFileSync(0);
display({"text/plain": "second"}, {raw: true})'
RUN_FLAGS=

# Duktape has no stdin: the program waits on a timer an hour away; the
# test ends the run (its sbx) once the result has come.
rm -f "$T_TMP/out"
mkfifo "$T_TMP/out"
"$SBX" run -l javascript --timeout 60 --format ndjson \
	-e 'display({"text/plain": "first"}, {raw: true}); setTimeout(function () {}, 3600e3)' \
	>"$T_TMP/out" 2>"$T_TMP/stderr" &
_pid=$!
exec 6<"$T_TMP/out"
T_LAST="sbx run -l javascript --format ndjson (ended by the test)"
until_event 6
out=$line
expect_json '[.event, .index, .mime, .data]' '["result", 0, "text/plain", "first"]'
kill -TERM "$_pid"
exec 6<&-
wait "$_pid"

# Each display() is one event, in order, with the record's entries; the
# final value's forms and an unshown figure come too, before the record.
sbx run -l python --format ndjson -e 'display("a"); display({"text/html": "<b>b</b>"}, raw=True); 1'
expect_rc 0
check "two result events, in order" sh -c 'printf "%s\n" "$1" | jq -s -e "[.[] | select(.event == \"result\") | [.index, .mime, .data]] == [[0, \"text/plain\", \"'"'a'"'\"], [1, \"text/html\", \"<b>b</b>\"]]" >/dev/null' _ "$out"
check "the events are the record's results" sh -c 'printf "%s\n" "$1" | jq -s -e "([.[] | select(.event == \"result\") | {mime, data, bytes, truncated}]) == ([.[] | select(.event == \"execution_completed\")][0].record.results | map({mime, data, bytes, truncated}))" >/dev/null' _ "$out"

# Past the output limit an entry is named, not sent: as in the record.
sbx run -l python --max-output 1000 --format ndjson -e 'display("x" * 600); display("y" * 600)'
expect_rc 0
check "the result past the limit is truncated in the stream as in the record" sh -c 'printf "%s\n" "$1" | jq -s -e "[.[] | select(.event == \"result\") | [.truncated, (.data | length)]] == [[false, 602], [true, 0]] and ([.[] | select(.event == \"execution_completed\")][0].record.results | map(.truncated)) == [false, true]" >/dev/null' _ "$out"

# Duktape: past twice the output limit a display's data does not go out at
# all (a frame never costs more than the report), only its stub.
sbx run -l javascript --max-output 1000 --format ndjson -e 'display("x".repeat(5000)); display("y")'
check "a display far past the limit is streamed as its stub" sh -c 'printf "%s\n" "$1" | jq -s -e "[.[] | select(.event == \"result\") | [.index, .truncated, .data]] == [[0, true, \"\"], [1, false, \"y\"]]" >/dev/null' _ "$out"

# A thread that displays while the run ends: no result goes out once the
# report has begun (it would be report), and the record is whole.
sbx run -l python --format ndjson -e 'import threading
first = threading.Event()
def spam():
    while True:
        display("t")
        first.set()
threading.Thread(target=spam, daemon=True).start()
first.wait()
42'
expect_rc 0
check "a thread's late displays never break the record" sh -c 'printf "%s\n" "$1" | jq -s -e "([.[] | select(.event == \"execution_completed\")][0].record | .status == \"ok\" and .result == 42) and ([.[] | select(.event == \"result\")] | length <= 100 and all(.[]; .data == \"'"'t'"'\"))" >/dev/null' _ "$out"

# --json and text print no events: the record is as before.
sbx run -l python --json -e 'display("a"); 2'
expect_json '[.result, [.results[].data]]' "[2, [\"'a'\"]]"
sbx run -l python -e 'display("a")'
expect_out '[text/plain 3 B]'

# --- sessions: the kernel's results go through the daemon to the client
# as they are made. The program waits on a FIFO in the workspace, which
# the test opens for writing once the result has come.
for lang in python r; do
	sbx session create -l "$lang" --json
	expect_rc 0
	sid=$(printf '%s' "$out" | jq -r .id)
	work=$(printf '%s' "$out" | jq -r .rundir)/work
	mkfifo -m 666 "$work/go"
	case $lang in
	python) code='display({"text/plain": "first"}, raw=True)
open("go").read()
display({"text/plain": "second"}, raw=True)' ;;
	r) code='display(list("text/plain" = "first"), raw = TRUE)
invisible(readLines("go"))
display(list("text/plain" = "second"), raw = TRUE)' ;;
	esac
	rm -f "$T_TMP/out"
	mkfifo "$T_TMP/out"
	"$SBX" session exec "$sid" --timeout 60 --format ndjson -e "$code" >"$T_TMP/out" 2>"$T_TMP/stderr" &
	_pid=$!
	exec 6<"$T_TMP/out"
	T_LAST="sbx session exec ($lang) --format ndjson (released)"
	until_event 6
	out=$line
	expect_json '[.event, .index, .mime, .data]' '["result", 0, "text/plain", "first"]'
	# Opening the FIFO waits for the program to open it: only once it is
	# known to run (without a result it may have failed, or never opens it).
	case $line in *'"event":"result"'*) printf 'go\n' >"$work/go" ;; esac
	expect_released_tail
	# The next execution numbers its own results from 0.
	sbx session exec "$sid" --format ndjson -e 'display("x")'
	check "$lang session: the next execution's result is index 0" \
		sh -c 'printf "%s\n" "$1" | jq -s -e "[.[] | select(.event == \"result\") | .index] == [0]" >/dev/null' _ "$out"
	sbx session delete "$sid"
done

# A JavaScript (Duktape) session's kernel: no files; it waits on a timer
# past its limit (the record then says timeout), and the result must have
# come before that. (A delete waits for the execution in progress: the
# limit is short so the test does not wait long.)
sbx session create -l javascript --json
sid=$(printf '%s' "$out" | jq -r .id)
rm -f "$T_TMP/out"
mkfifo "$T_TMP/out"
"$SBX" session exec "$sid" --timeout 20 --format ndjson \
	-e 'display({"text/plain": "first"}, {raw: true}); setTimeout(function () {}, 3600e3)' \
	>"$T_TMP/out" 2>"$T_TMP/stderr" &
_pid=$!
exec 6<"$T_TMP/out"
T_LAST="sbx session exec (javascript) --format ndjson (ended by the test)"
until_event 6
out=$line
expect_json '[.event, .index, .mime, .data]' '["result", 0, "text/plain", "first"]'
until_event 6
out=$line
expect_json '[.event, .record.status, [.record.results[].data]]' '["execution_failed", "timeout", []]'
exec 6<&-
wait "$_pid"
sbx session delete "$sid"

finish
