#!/bin/sh
# A session is a workspace: one data task across languages in one
# session. Python writes a CSV, R reads it and writes stats.json, a shell
# command lists the files, the file comes back over HTTP (curl against sbx
# serve, the answers checked against docs/openapi.json), JavaScript
# requires it; each language keeps its own state, through kill -9 of the
# daemon and a stop; a shell command keeps nothing but files; the kernels
# together are held to the session's memory (an idle kernel is stopped and
# restored); a language without a session kernel is refused with the same
# message on every front.
. "$(dirname "$0")/../lib.sh"

command -v curl >/dev/null || {
	echo "test_workspace: curl is missing: build-aux/deps.sh test installs it" >&2
	exit 1
}
. "$TESTS_DIR/session_lib.sh"
. "$TESTS_DIR/serve_lib.sh"

# Waits (no sleep) until process $1 has exited, for at most 60 s.
wait_gone() { timeout 60 tail --pid="$1" -f /dev/null; }
field() {
	"$SBX" session get "$1" >/dev/null 2>&1
	sed -n "s/^$2: *//p" "$SBX_STATE_DIR/sessions/$1/manifest.yaml"
}

sbx session create -l python -n ws
ID=$out
check "create" test "$rc" -eq 0

# --- Python writes, R reads and computes, JavaScript requires ---------
sbx session exec ws --json -e '
rows = [(i, i * i) for i in range(1, 6)]
with open("data.csv", "w") as f:
    f.write("x,y\n" + "".join("%d,%d\n" % r for r in rows))
secret = 42
len(rows)'
expect_json .result 5
expect_json .language '"python"'
sbx session exec ws -l r --json -e '
d <- read.csv("data.csv")
kept <- sum(d$y)
cat(sprintf("{\"sum\": %d, \"n\": %d}\n", as.integer(kept), nrow(d)), file = "stats.json")
kept'
T_LAST="R reads Python's CSV"
expect_json .result 55
expect_json .language '"r"'
expect_json .session.language '"r"'
expect_jq '[.files[].name] | index("stats.json") != null'
sbx session exec ws -l javascript --json -e 'var st = require("./stats.json"); var mean = st.sum / st.n; mean'
T_LAST="JavaScript requires R's stats.json"
expect_json .result 11
expect_json .language '"javascript"'

# --- shell commands: the workspace's files, nothing else kept ---------
sbx session exec ws -l bash -e 'ls; wc -l < data.csv'
expect_out "data.csv
stats.json
6"
sbx session exec ws -l bash --json -e 'echo out; echo oops >&2; exit 3'
T_LAST="a shell command's exit status"
expect_rc 3
expect_json .status '"error"'
expect_json .exit_code 3
expect_json .stdout '"out\n"'
expect_json .stderr '"oops\n"'
expect_json .language '"bash"'
sbx session exec ws -l bash -e 'export KEPT=1; SHVAR=2; cd /tmp; echo "$0 $1"' -- arg1
expect_out "bash arg1"
sbx session exec ws -l bash -e 'echo "[${KEPT-}${SHVAR-}]"; test "$PWD" = "$HOME" && echo home; ls stats.json'
T_LAST="the next command: no variables, no cd, the working directory"
expect_out "[]
home
stats.json"
sbx_in 'piped' session exec ws -l bash --stdin - --env GREETING=hi -e 'cat; echo " $GREETING"'
expect_out "piped hi"
sbx session exec ws -l bash --timeout 1s -e 'sleep 300; echo never'
T_LAST="a shell command past its timeout"
expect_rc 124
sbx session exec ws -l bash -e 'echo after'
expect_out after
sbx session exec ws -l sh -e 'echo "$((6 * 7))" > from_sh.txt'
sbx session exec ws -e 'int(open("from_sh.txt").read())'
T_LAST="Python reads the shell's file"
expect_out 42

# --- HTTP: the file back, executions in other languages --------------
start_server
api GET "/v1/sessions/ws/files?path=stats.json"
expect_code 200
check "GET stats.json: what R wrote" test "$(jq -c . "$T_TMP/body")" = '{"sum":55,"n":5}'
api POST /v1/sessions/ws/executions '{"language": "bash", "code": "ls -1 | wc -l"}'
expect_code 200
# (tests/as_user.sh copies the test, not the OpenAPI document)
[ -f "$ROOT_DIR/docs/openapi.json" ] && schema_ok POST "/v1/sessions/{ref}/executions"
expect_jq '.status == "ok" and .stdout == "3\n" and .language == "bash"'
api POST /v1/sessions/ws/executions '{"language": "r", "code": "kept * 2"}'
expect_code 200
expect_jq '.result == 110 and .language == "r"'
api POST /v1/sessions/ws/executions '{"language": "go", "code": "package main"}'
T_LAST="HTTP: a language without a session kernel"
expect_jq '.error.message | test("sessions do not support go yet")'
"$SBX" --remote "$ADDR" session exec ws -l r -e 'kept + 1' >"$T_TMP/remote" 2>&1
check "--remote -l r: the R kernel's state" test "$(cat "$T_TMP/remote")" = "[1] 56"
stop_server

# --- a language without a session kernel: refused as at create -------
sbx session exec ws -l c -e 'int main(void) { return 0; }'
expect_rc 125
check "-l c is refused clearly" err_has "sessions do not support c yet: run it one-shot (sbx run -l LANG)"
sbx session exec ws -l cobol -e 'x'
expect_rc 125
check "an unknown language is named" err_has "unknown language 'cobol'"

# --- kill -9 of the daemon: each language's state restored -----------
dpid=$(field "$ID" daemon_pid)
check "the daemon runs" test -n "$dpid"
kill -9 "$dpid"
wait_gone "$dpid"
sbx session exec ws -l r --json -e 'kept'
T_LAST="R after kill -9"
expect_json .result 55
expect_json .session.restored true
sbx session exec ws --json -e 'secret'
T_LAST="Python after kill -9"
expect_json .result 42
expect_json .session.restored true
sbx session exec ws -l js --json -e 'mean'
T_LAST="JavaScript after kill -9"
expect_json .result 11
expect_json .session.restored true

# --- stop and restart --------------------------------------------------
sbx session stop ws
expect_rc 0
sbx session exec ws -l js -e 'mean * 2'
expect_out 22
sbx session exec ws -l r -e 'kept'
expect_out "[1] 55"
sbx session exec ws -e 'secret'
expect_out 42
# --fresh is one language's: the others keep theirs.
sbx session exec ws -l r --fresh -e 'exists("kept")'
expect_out "[1] FALSE"
sbx session exec ws -e 'secret'
expect_out 42

# --- the kernels together within the session's memory -----------------
# Python holds 200 MiB (a dunder global, which is not saved); R's kernel
# then brings the workspace past 256 MiB: the idle Python kernel is
# stopped, and its next execution restores its saved state.
sbx session create -l python -n mem --memory 256m
sbx session exec mem -e '__hold__ = b"x" * (200 << 20); small = 7'
expect_rc 0
sbx session exec mem -l r -e 'r_side <- 1'
expect_rc 0
sbx session exec mem --json -e 'small'
T_LAST="Python after R's kernel started beside 200 MiB"
expect_json .result 7
expect_json .session.restored true
expect_jq '.session.recovered | test("memory limit")'
sbx session exec mem -l r -e 'r_side'
expect_out "[1] 1"

sbx session delete ws
expect_rc 0
finish
