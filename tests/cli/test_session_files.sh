#!/bin/sh
# sbx session files ID ls|get|put|rm|mkdir: a session's workspace read and
# written from outside, locally, with sbx --remote and with curl against a
# real sbx serve (the answers checked against docs/openapi.json): binary
# bytes round trip (cmp), listings, removal, directories, a Python
# execution that reads a put file and writes one that get returns, and a
# stopped session served without starting it. The escape side (links,
# '..', races) is tests/escape/test_session_files_escape.sh.
. "$(dirname "$0")/../lib.sh"

command -v curl >/dev/null || {
	echo "test_session_files: curl is missing: build-aux/deps.sh test installs it" >&2
	exit 1
}
. "$TESTS_DIR/session_lib.sh"
. "$TESTS_DIR/serve_lib.sh"

# Every byte value, twice, and a NUL-heavy tail: not text.
python3 -c "import sys; sys.stdout.buffer.write(bytes(range(256)) * 2 + bytes(100))" >"$T_TMP/bin.dat"
printf 'a,b\n1,2\n' >"$T_TMP/in.csv"

sbx session create -l python -n ws
id=$out
check "create" test "$rc" -eq 0

# --- the command line --------------------------------------------------
sbx session files ws put "$T_TMP/bin.dat" data/bin.dat
check "put binary (directories made)" test "$rc" -eq 0
"$SBX" session files ws get data/bin.dat "$T_TMP/back.dat"
check "get binary: the same bytes" cmp -s "$T_TMP/bin.dat" "$T_TMP/back.dat"
"$SBX" session files "$id" get data/bin.dat - >"$T_TMP/back2.dat"
check "get to standard output, by id" cmp -s "$T_TMP/bin.dat" "$T_TMP/back2.dat"
mkdir "$T_TMP/here"
(cd "$T_TMP/here" && "$SBX" session files ws get data/bin.dat)
check "get without DEST: the last name here" cmp -s "$T_TMP/bin.dat" "$T_TMP/here/bin.dat"
sbx_in 'from stdin' session files ws put - notes.txt
check "put from standard input" test "$rc" -eq 0
sbx session files ws ls --format json
T_LAST="ls json"
expect_jq '.path == "." and .type == "directory" and .truncated == false'
expect_jq '[.entries[].name] == ["data", "notes.txt"]'
expect_jq '.entries[1] | .type == "file" and .size == 10 and (.mode | test("^0[0-7]{3}$")) and (.mtime | test("Z$"))'
sbx session files ws ls data
T_LAST="ls text"
expect_out_contains "bin.dat"
expect_out_contains "612"
sbx session files ws ls data/bin.dat --format json
expect_jq '.entries | length == 1 and .[0].name == "bin.dat" and .[0].size == 612'

# Python reads the put file and writes one that get returns.
sbx session files ws put "$T_TMP/in.csv" in.csv
sbx session exec ws -e "
import os
rows = open('in.csv').read().splitlines()
os.makedirs('out', exist_ok=True)
open('out/result.txt', 'w').write(str(len(rows)) + ' rows\n')
print(open('data/bin.dat', 'rb').read() == bytes(range(256)) * 2 + bytes(100))"
T_LAST="python reads"
expect_out True
sbx session files ws get out/result.txt -
T_LAST="get what python wrote"
expect_out "2 rows"

# mkdir and rm.
sbx session files ws mkdir a/b
check "mkdir without -p needs the parent" test "$rc" -ne 0
err_has "-p" && _pass || _fail "mkdir: the message names -p"
sbx session files ws mkdir -p a/b
check "mkdir -p" test "$rc" -eq 0
sbx session files ws mkdir -p a/b
check "mkdir -p of an existing directory" test "$rc" -eq 0
sbx session files ws mkdir a
check "mkdir of an existing directory" test "$rc" -ne 0
sbx session exec ws -e "import os; print(os.path.isdir('a/b'))"
expect_out True
sbx session files ws rm a
check "rm of a directory needs -r" test "$rc" -ne 0
err_has "-r" && _pass || _fail "rm: the message names -r"
sbx session files ws rm -r a
check "rm -r" test "$rc" -eq 0
sbx session files ws rm notes.txt
check "rm a file" test "$rc" -eq 0
sbx session files ws get notes.txt -
check "get of a removed file fails" test "$rc" -ne 0
err_has "no file 'notes.txt'" && _pass || _fail "the message names the file"
sbx session files ws put "$T_TMP/in.csv" out
check "put over a directory is refused" test "$rc" -ne 0
sbx session files ws cp x y
check "an unknown files subcommand" test "$rc" -ne 0
sbx session files nosuch ls
check "an unknown session" test "$rc" -ne 0
sbx session files ws ls -r
check "-r is for rm" test "$rc" -ne 0

# A stopped session: served without starting it, files kept.
sbx session stop ws
sbx session files ws put "$T_TMP/in.csv" stopped.csv
check "put into a stopped session" test "$rc" -eq 0
sbx session get ws --json
expect_json .status '"stopped"'
sbx session exec ws -e "print(open('stopped.csv').read().count(','))"
T_LAST="the stopped session's file"
expect_out 2

# --- HTTP and --remote -------------------------------------------------
start_server --max-body 64k
api PUT "/v1/sessions/ws/files?path=img/p.png" "" --data-binary "@$T_TMP/bin.dat"
expect_code 200
schema_ok PUT "/v1/sessions/{ref}/files"
expect_jq '.path == "img/p.png" and .size == 612'
api GET "/v1/sessions/ws/files?path=img/p.png"
expect_code 200
check "GET: the bytes" cmp -s "$T_TMP/bin.dat" "$T_TMP/body"
check "GET: Content-Type image/png" test "$(header Content-Type)" = image/png
check "GET: Content-Length" test "$(header Content-Length)" = 612
check "GET: X-Sbx-Path-Type file" test "$(header X-Sbx-Path-Type)" = file
api GET "/v1/sessions/ws/files?path=in.csv"
check "GET: text/csv" test "$(header Content-Type)" = "text/csv; charset=utf-8"
api GET "/v1/sessions/$id/files"
expect_code 200
schema_ok GET "/v1/sessions/{ref}/files"
expect_jq '[.entries[].name] | index("img") != null'
check "GET of a directory: X-Sbx-Path-Type directory" test "$(header X-Sbx-Path-Type)" = directory
api GET "/v1/sessions/ws/files?path=nope"
expect_error 404 sbx_error
api GET "/v1/sessions/ws/files?path=../x"
expect_error 400 sbx_error
schema_ok GET "/v1/sessions/{ref}/files"
api GET "/v1/sessions/ws/files?path=%2Fetc%2Fpasswd"
expect_error 400 sbx_error
api GET "/v1/sessions/ws/files?path=a%09b"
expect_error 400 sbx_error
api GET "/v1/sessions/ws/files?bogus=1"
expect_error 400 unknown_parameter
api PUT "/v1/sessions/ws/files" "x"
expect_error 400 bad_parameter
head -c 70000 /dev/zero >"$T_TMP/big"
api PUT "/v1/sessions/ws/files?path=big" "" --data-binary "@$T_TMP/big"
expect_error 413 body_too_large
api PUT "/v1/sessions/ws/files?path=d1/d2&directory=1&parents=1"
expect_code 200
api DELETE "/v1/sessions/ws/files?path=d1"
expect_error 400 sbx_error
api DELETE "/v1/sessions/ws/files?path=d1&recursive=1"
expect_code 200
schema_ok DELETE "/v1/sessions/{ref}/files"
expect_json .deleted '"d1"'
api DELETE "/v1/sessions/nosuch/files?path=x"
expect_error 404 sbx_error
api POST "/v1/sessions/ws/files?path=x"
expect_code 405

R="$SBX --remote $ADDR"
$R session files ws put "$T_TMP/bin.dat" r/bin.dat
check "--remote put" test $? -eq 0
$R session files ws get r/bin.dat "$T_TMP/rback.dat"
check "--remote get: the same bytes" cmp -s "$T_TMP/bin.dat" "$T_TMP/rback.dat"
out=$($R session files ws ls r --format json)
T_LAST="--remote ls"
expect_jq '.entries[0].name == "bin.dat" and .entries[0].size == 612'
local_ls=$("$SBX" session files ws ls r)
check "--remote ls prints what ls prints" test "$($R session files ws ls r)" = "$local_ls"
out=$($R session files ws ls r/bin.dat --format json)
expect_jq '.entries | length == 1 and .[0].type == "file"'
$R session files ws get r "$T_TMP/x" 2>"$T_TMP/err"
check "--remote get of a directory fails" test $? -ne 0
$R session files ws mkdir -p m/n
check "--remote mkdir -p" test $? -eq 0
$R session files ws rm m 2>/dev/null
check "--remote rm of a directory needs -r" test $? -ne 0
$R session files ws rm -r m
check "--remote rm -r" test $? -eq 0
printf 'piped' | $R session files ws put - p.txt
check "--remote put from stdin" test "$($R session files ws get p.txt -)" = piped
$R session files ws get ../x - 2>"$T_TMP/err"
check "--remote: a bad path fails" test $? -eq 125
check "--remote: the server's message" grep -q "'..'" "$T_TMP/err"
sbx session exec ws -e "print(open('r/bin.dat','rb').read() == bytes(range(256)) * 2 + bytes(100))"
T_LAST="python reads the --remote put"
expect_out True
stop_server
finish
