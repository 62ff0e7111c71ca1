#!/bin/sh
# Records and lines that lie (issue 26): what sbx keeps and prints must be
# sbx's own, whatever the code or an imported file says.
#  - sbx history import checks every field of every record against the
#    record itself: a bad one is skipped, named by line and field, and only
#    what was stored is counted (a code_bytes without a code head read sbx's
#    own memory into the log);
#  - every line sbx prints in text mode escapes control characters (C0,
#    DEL, C1, invalid UTF-8), whatever their source: the code's error,
#    imported records, names;
#  - an event whose fields are too long is cut, never dropped;
#  - a rich result the interpreter left out has no size from the code;
#  - a request's file name is checked where the request is parsed: a bad
#    one is the caller's sbx_error on every front.
. "$(dirname "$0")/../lib.sh"

command -v curl >/dev/null || {
	echo "test_records: curl is missing: build-aux/deps.sh test installs it" >&2
	exit 1
}
. "$TESTS_DIR/serve_lib.sh"
. "$TESTS_DIR/session_lib.sh"

ESC=$(printf '\033')
CSI=$(printf '\302\233') # U+009B, the one-character CSI
BEL=$(printf '\007')

# no_controls TEXT: TEXT (sbx's output) holds no ESC, BEL, CR, U+009B or
# DEL: nothing a terminal would obey.
no_controls() {
	! printf '%s' "$1" | LC_ALL=C grep -q "[$ESC$BEL$(printf '\r\177')]" &&
		! printf '%s' "$1" | LC_ALL=C grep -q "$CSI"
}

# --- history import: every field checked, only what was stored counted ------
sbx run -l python -e 'import sys; print("hi"); sys.exit(3)' --json
expect_rc 3
printf '%s\n' "$out" >"$T_TMP/rec.json"
good_id=$(printf '%s' "$out" | jq -r .id)
# New ids from the same millisecond: the time is the one the id holds.
fake_id() { printf '%s%s' "$(printf '%s' "$good_id" | cut -c1-20)" "$1"; }
{
	# code_bytes with no code head: sbx read that many bytes of its memory
	jq -c --arg id "$(fake_id AAAAA1)" '.id = $id | .code_bytes = 500' "$T_TMP/rec.json"
	jq -c --arg id "$(fake_id AAAAA2)" '.id = $id | .status = "\u001b[2J"' "$T_TMP/rec.json"
	jq -c --arg id "$(fake_id AAAAA3)" '.id = $id | .language = "\u001b]0;owned\u0007"' "$T_TMP/rec.json"
	jq -c --arg id "$(fake_id AAAAA4)" '.id = $id | .ok = true' "$T_TMP/rec.json"
	jq -c --arg id "$(fake_id AAAAA5)" '.id = $id | .code_sha256 = "zz"' "$T_TMP/rec.json"
	jq -c --arg id "$(fake_id AAAAA6)" '.id = $id | .memory_kb.peak = -5' "$T_TMP/rec.json"
	jq -c --arg id "$(fake_id AAAAA7)" '.id = $id | .time_ms.wall = 1e300' "$T_TMP/rec.json"
	jq -c --arg id "$(fake_id AAAAA8)" '.id = $id | .deployment = {"name": "\u001b[31mx", "version": 1}' "$T_TMP/rec.json"
	jq -c --arg id "$(fake_id AAAAA9)" '.id = $id | .stdout = "0123456789" | .truncated.stdout_bytes = 3' "$T_TMP/rec.json"
	jq -c '.id = "ZZZZZZZZZZZZZZZZZZZZZZZZZZ"' "$T_TMP/rec.json"
	jq -c --arg id "$(fake_id AAAABA)" '.id = $id | .exit_code = 99999' "$T_TMP/rec.json"
	jq -c --arg id "$(fake_id AAAABB)" '.id = $id | .signal = "SIGNOPE"' "$T_TMP/rec.json"
	cat "$T_TMP/rec.json"
} >"$T_TMP/import.ndjson"
export SBX_STATE_DIR="$T_TMP/imported"
sbx history import "$T_TMP/import.ndjson"
check "an import with invalid records fails" test "$rc" -ne 0
expect_err_contains "imported 2 records"
expect_err_contains "skipped 11 invalid"
expect_err_contains "line 2 skipped: \"status\""
expect_err_contains "line 3 skipped: \"language\""
expect_err_contains "line 4 skipped: \"ok\""
expect_err_contains "line 5 skipped: \"code_sha256\""
expect_err_contains "line 6 skipped: \"memory_kb.peak\""
expect_err_contains "line 7 skipped: \"time_ms\""
expect_err_contains "line 8 skipped: \"deployment.name\""
expect_err_contains "line 9 skipped: \"stdout\" is longer"
expect_err_contains "line 10 skipped: \"id\" holds a time in the future"
check "the import's messages hold no control character" no_controls "$err"
sbx stats --json
expect_json .total 2
check "the importer rejected no line the import counted" test ! -e "$SBX_STATE_DIR/history.log.rejected"
sbx history show "$(fake_id AAAAA1)" --json
expect_rc 0
expect_json .code_head '""'
expect_json .code_bytes 500
sbx history show "$good_id" --json
expect_json .status '"error"'
expect_json .exit_code 3
# Lines of history.log itself are checked as hard: a forged line whose
# code head is longer than its code, or whose status is not sbx's, is
# kept aside, not imported.
forged_line() { # ID STATUS CODE_HEAD
	printf '{"v":1,"id":"%s","time_ms":1,"language":"python","deployment":null,"deployment_version":null,"status":"%s","ok":true,"exit_code":0,"signal":null,"code_sha256":"","code_head":"%s","code_bytes":2,"error_name":null,"error_message":null,"wall_ms":1,"cpu_ms":1,"memory_peak_kb":1,"timed_out":false,"stdout_bytes":0,"stderr_bytes":0,"stdout_head":"","stderr_head":"","labels":{}}\n' "$@"
}
forged_line "$(fake_id AAAABC)" ok abcdef >>"$SBX_STATE_DIR/history.log"
forged_line "$(fake_id AAAABD)" '\u001b]0;x\u0007' "" >>"$SBX_STATE_DIR/history.log"
sbx stats --json
expect_json .total 2
expect_err_contains "\"code_head\" is longer than the code"
expect_err_contains "\"status\" is not a status sbx gives"
check "the forged lines are kept aside" test "$(wc -l <"$SBX_STATE_DIR/history.log.rejected")" -eq 2
export SBX_STATE_DIR="$T_TMP/state"

# --- every text line escapes what it prints, whatever its source ----------
# The code's error: a title change, a one-character CSI that clears the
# screen, and a newline that starts a fake sbx line.
sbx run -l python --json -e 'raise ValueError("\x1b]0;owned\x07\x9b2J\nsbx: all good, exit 0")'
expect_json .status '"error"'
bad_id=$(printf '%s' "$out" | jq -r .id)
sbx history show "$bad_id"
expect_rc 0
check "history show: the code's error drives no terminal" no_controls "$out"
# The error line is one line; the code's stderr follows under its heading.
expect_out_contains 'error       ValueError: \x1b]0;owned\x07\u009b2J\nsbx: all good, exit 0'
sbx stats --failures 5
check "stats: the code's error drives no terminal" no_controls "$out"
# A history written before these checks (or by hand): its fields are
# printed escaped all the same.
python3 - "$SBX_STATE_DIR/history.db" "$(fake_id AAAACA)" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("""INSERT INTO executions (id, time_ms, language, deployment, deployment_version,
  status, ok, exit_code, signal, code_sha256, code_head, code_bytes, error_name, error_message,
  wall_ms, cpu_ms, memory_peak_kb, timed_out, stdout_bytes, stderr_bytes, stdout_head,
  stderr_head) VALUES (?, ?, ?, ?, 1, ?, 0, 1, NULL, ?, ?, 3, ?, ?, 1, 1, 1, 0, 3, 0, ?, '')""",
  (sys.argv[2], 1700000000000, "\x1b]0;lang\x07", "dep\x1b[2J", "err\u009b2J",
   "\x1b[31m" + "a" * 56, "\x1b[2J", "Name\x1b[H", "msg\nsbx: fake", "out\x1b[2J\n"))
db.commit()
PY
sbx history show "$(fake_id AAAACA)"
expect_rc 0
check "history show: stored fields drive no terminal" no_controls "$out"
expect_out_contains 'language    \x1b]0;lang\x07'
expect_out_contains 'deployment  dep\x1b[2J@1'
expect_out_contains 'out\x1b[2J'
sbx stats --failures 5 --since 2020-01-01
check "stats: stored fields drive no terminal" no_controls "$out"
expect_out_contains 'err\u009b2J'
check "stats: no line of a record looks like sbx's" sh -c '! printf "%s\n" "$1" | grep -q "^sbx: fake"' _ "$out"
# sbx's own messages quote values escaped.
sbx history show "$(printf 'abc\033]0;x\007def')"
expect_rc 125
check "a message quoting the argument drives no terminal" no_controls "$err"
sbx stats --since "$(printf '\302\2332J')"
check "a message quoting an option drives no terminal" no_controls "$err"

# --- an event too long for one line is cut, never dropped --------------------
sbx run -l python -e 'raise type("E" * 5000, (Exception,), {})("boom")'
expect_rc 1
last_end() { jq -s -c 'map(select(.event == "execution_failed")) | last' "$SBX_STATE_DIR/events.log"; }
check "the long error's run has its end event" \
	test "$(last_end | jq -c '[.truncated, (.error | length) < 1000, .status]')" = '[true,true,"error"]'
check "every line of the log fits one write" sh -c '! awk "length > 4095" "$1" | grep -q .' _ "$SBX_STATE_DIR/events.log"
ev_id=$(last_end | jq -r .id)
check "its start and its end" test "$(jq -r --arg id "$ev_id" 'select(.id == $id) | .event' "$SBX_STATE_DIR/events.log" | sed -n '1p;$p' | tr '\n' ' ')" = "execution_started execution_failed "

# --- a rich result's size is sbx's ------------------------------------------
# The code writes the report itself, claiming a left-out PNG of 909 TiB.
forge='import os; os.write(3, b"{\"result\":1,\"results\":[{\"mime\":\"image/png\",\"data\":\"\",\"truncated\":true,\"bytes\":999999999999999}]}"); os._exit(0)'
sbx run -l python --json -e "$forge"
expect_jq '.results[0] | [.truncated, .bytes]' '[true,null]'
sbx run -l python -e "$forge"
check "the text line gives no size the code claimed" sh -c '! printf "%s" "$1" | grep -q 953674316' _ "$out"
expect_out_contains "[image/png left out"
# A result sbx read and left out keeps the size sbx counted.
sbx run -l python --max-output 1K --json -e 'import os; os.write(3, b"{\"result\":1,\"results\":[{\"mime\":\"text/plain\",\"data\":\"" + b"x" * 3000 + b"\"}]}"); os._exit(0)'
expect_jq '.results[0] | [.truncated, .bytes]' '[true,3000]'

# --- a request's file name: the caller's mistake, on every front ------------
badname=$(printf 'a\001b')
printf 'x\n' >"$T_TMP/data.txt"
printf '{"language":"python","code":"print(1)","files":{"a\\u0001b":{"text":"x"}}}\n' >"$T_TMP/badfile.jsonl"
sbx batch "$T_TMP/badfile.jsonl"
expect_rc 1
expect_json .status '"sbx_error"'
expect_jq '.error.message | contains("invalid file name")'
sbx run -l python -e 'print(1)' --file "$T_TMP/data.txt:$badname" --json
expect_rc 125
expect_json .status '"sbx_error"'
check "the bad name is escaped in the message" no_controls "$err"
expect_err_contains 'a\x01b'
sbx run --request "$T_TMP/badfile.jsonl" --json
expect_json .status '"sbx_error"'
for name in "$(printf 'x\302\233y')" "$(printf 'x\377y')" "$(printf 'x\177')"; do
	sbx run -l python -e 'print(1)' --file "$T_TMP/data.txt:$name" --json
	T_LAST="--file data.txt:<C1, invalid UTF-8, DEL>"
	expect_json .status '"sbx_error"'
done
sbx session create -l python -n recs
expect_rc 0
sbx session exec recs -e 'print(1)' --file "$T_TMP/data.txt:$badname" --json
expect_json .status '"sbx_error"'
expect_jq '.error.message | contains("invalid file name")'
sbx session exec recs -e 'print(2)' --json
expect_json .stdout '"2\n"'
start_server
api POST /v1/run '{"language":"python","code":"print(1)","files":{"a\u0001b":{"text":"x"}}}'
expect_code 400
expect_jq '.error.message | contains("invalid file name")'
api POST /v1/sessions/recs/executions '{"code":"print(1)","files":{"a\u0001b":{"text":"x"}}}'
expect_code 400
expect_jq '.error.message | contains("invalid file name")'
stop_server

finish
