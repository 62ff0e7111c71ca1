#!/bin/sh
# sbx session: create, exec (state across executions, the record as run's),
# list/get/stop/delete, timeout keeping the state, stop and restore, TTL
# expiry and gc, kill -9 of the kernel and of the daemon, concurrent
# executions, hostile code contained as with run.
. "$(dirname "$0")/../lib.sh"

SD=$SBX_STATE_DIR
# Every session of this test is deleted at the end: no daemon outlives it.
. "$(dirname "$0")/../session_lib.sh"

# Waits (no sleep) until process $1 has exited, for at most 60 s.
wait_gone() { timeout 60 tail --pid="$1" -f /dev/null; }
# jq_out EXPR: $out's JSON satisfies EXPR; err_has TEXT: stderr holds TEXT.
jq_out() { printf '%s' "$out" | jq -e "$1" >/dev/null; }
out_has_re() { printf '%s' "$out" | grep -q -- "$1"; }
out_has() { printf '%s' "$out" | grep -q -- "$1"; }
manifest() { echo "$SD/sessions/$1/manifest.yaml"; }
# A field of the manifest, after a sync (session get): the daemon's writer
# thread puts its bookkeeping on disk after the reply (daemon_pid too).
field() {
	"$SBX" session get "$1" >/dev/null 2>&1
	sed -n "s/^$2: *//p" "$(manifest "$1")"
}

# --- create, exec, state across executions ---
sbx session create -n data
expect_rc 0
ID=$out
check "the id is unguessable-looking" out_has_re '^s[0-9a-f]\{23\}$'
check "the session directory is 0700" test "$(stat -c %a "$SD/sessions/$ID")" = 700
check "the socket is 0600" test "$(stat -c %a "$SD/sessions/$ID/ctl.sock")" = 600
check "the manifest is YAML with the name" grep -q '^name: data$' "$(manifest "$ID")"

sbx session exec data -e 'x = 41
def f(n): return n * 2
import math
print("hello")
x + 1'
expect_rc 0
expect_out "hello
42"
sbx session exec data --json -e 'f(x), math.floor(2.5)'
expect_rc 0
expect_json .result '[82,2]'
expect_json .status '"ok"'
expect_json .session.id "\"$ID\""
expect_json .session.name '"data"'
expect_json .session.execution_count 2
expect_json .session.restored false
expect_json '.sandbox.seccomp' true
expect_json '.sandbox.rlimits' true
sbx run -l python --json -e '1'
check "a one-shot run's record has session null" jq_out '.session == null'

# by id as well as by name; the same traceback as run
sbx session exec "$ID" -e 'undefined_name'
expect_rc 1
check "a NameError's traceback as run prints it" err_has "NameError: name 'undefined_name' is not defined"
sbx run -l python -e 'undefined_name'
run_err=$err
sbx session exec "$ID" -e 'undefined_name'
check "the traceback is byte-identical to run's" test "$err" = "$run_err"
sbx session exec data -e 'raise SystemExit(3)'
expect_rc 3
sbx session exec data --json -e 'x'
expect_json .result 41

# ndjson streams the events; inputs; files and --out-dir
sbx session exec data --format ndjson -e 'print("a"); 5'
check "ndjson has a stdout event" sh -c "printf '%s\n' \"\$1\" | jq -se 'map(select(.event==\"stdout\").data) | add == \"a\\n\"' >/dev/null" - "$out"
sbx session exec data --json -i n=5 -e 'inputs["n"] * x'
expect_json .result 205
mkdir -p "$T_TMP/outd"
sbx session exec data --json -o "$T_TMP/outd" -e 'open("made.txt", "w").write("m"); 1'
expect_json '.files[0].name' '"made.txt"'
check "--out-dir got the file" test -f "$T_TMP/outd/made.txt"
sbx session exec data --json -e 'open("made.txt").read()'
expect_json .result '"m"'

# --- list, get ---
sbx session list
expect_rc 0
check "list shows the session running" out_has 'data.*python.*running'
sbx session list --json --status stopped
expect_json 'length' 0
sbx session list --json --language python
expect_json 'length' 1
sbx session get data --json
expect_json .status '"running"'
expect_json .execution_count 10

# --- timeout: interrupted, the state kept ---
sbx session exec data -t 1 --json -e 'import time
y = 7
while True: time.sleep(0.01)'
expect_rc 124
expect_json .status '"timeout"'
expect_json .session.timeout_action '"interrupted"'
sbx session exec data --json -e 'x + y'
expect_json .result 48
# one that ignores the interrupt: killed, restored from the last save
sbx session exec data -t 1 --json -e 'import signal
signal.signal(signal.SIGINT, signal.SIG_IGN)
lost = 1
while True: pass'
expect_rc 124
expect_json .session.timeout_action '"restarted"'
sbx session exec data --json -e 'x + y, "lost" in globals()'
expect_json .result '[48,false]'
expect_json .session.restored true

# --- stop and restore; what could not be saved is named ---
sbx session exec data -e 'import threading
lock = threading.Lock()
gen = (i for i in range(3))'
sbx session stop data
expect_rc 0
sbx session get data --json
expect_json .status '"stopped"'
sbx session exec data --json -e 'f(x)'
expect_rc 0
expect_json .result 82
expect_json .session.restored true
check "the unsaved globals are named" jq_out '.session.unsaved | map(select(startswith("gen "))) | length == 1'

# --- restore brings back functions, classes, instances, containers and
# modules by name (plain values load without dill, the rest with it), and
# names what it could not save, in any script ---
sbx session create -n rst
sbx session exec rst -t 300 -e 'import os.path as osp
from collections import OrderedDict
def twice(a):
    return 2 * a
class K:
    v = 7
    def get(self):
        return self.v
k = K()
nested = {"a": [1, (2, 3.5)], "b": b"\xff", "s": {1, 2}, "n": None, "t": True}
od = OrderedDict(z=1)
gén = (i for i in range(2))'
expect_rc 0
sbx session stop rst
expect_rc 0
sbx session exec rst -t 300 --json -e '[osp.join("a", "b"), twice(21), K.v, k.get(), type(k).__name__,
 nested["a"][1][1], nested["b"] == b"\xff", sorted(nested["s"]), nested["n"], nested["t"], list(od)]'
expect_rc 0
expect_json .result '["a/b",42,7,7,"K",3.5,true,[1,2],null,true,["z"]]'
expect_json .session.restored true
check "the unsaved generator is named, its name intact" jq_out '.session.unsaved == ["g\u00e9n (generator: cannot pickle '"'generator'"' object)"]'
sbx session exec rst -t 300 --json -e '"g\u00e9n" in globals()'
expect_json .result false
expect_json .session.restored false
# stop, then exec at once, again and again: the stopped daemon, ending
# after its answer, once removed the socket of the daemon the exec had
# just started ("started but does not answer", 1 in 30 under load).
bad=0
i=0
while [ $i -lt 20 ]; do
	"$SBX" session stop rst >/dev/null 2>&1
	"$SBX" session exec rst -t 300 -e 'twice(1)' >"$T_TMP/so.out" 2>"$T_TMP/so.err" &&
		[ "$(cat "$T_TMP/so.out")" = 2 ] || bad=$((bad + 1))
	i=$((i + 1))
done
T_LAST="20 times: session stop, then session exec"
check "every exec right after a stop is answered ($bad not)" test "$bad" = 0
# an exit code that is an int subclass goes to sbx as a plain number
sbx session exec rst -t 300 --json -e 'import enum, sys
class F(enum.IntFlag):
    A = 3
sys.exit(F.A)'
expect_rc 3
expect_json .exit_code 3
sbx session exec rst -t 300 --json -e 'twice(2)'
expect_json .result 4
sbx session delete rst
expect_rc 0

# --- kill -9 of the kernel, then of the daemon ---
rundir=$(field "$ID" rundir)
kpid=$(pgrep -f "$rundir/.sbx/empty.py" | head -n 1)
check "the kernel runs" test -n "$kpid"
kill -9 "$kpid"
sbx session exec data --json -e 'x'
expect_json .result 41
expect_json .session.restored true
check "the record says the kernel was killed" jq_out '.session.recovered | test("kernel ended")'
dpid=$(field "$ID" daemon_pid)
kill -9 "$dpid"
wait_gone "$dpid"
sbx session exec data --json -e 'x'
expect_json .result 41
expect_json .session.restored true

# --- two executions at once on one session both complete ---
"$SBX" session exec data --json -e 'import time; time.sleep(0.2); a1 = 1; 1' >"$T_TMP/c1" 2>&1 &
p1=$!
"$SBX" session exec data --json -e 'a2 = 2; 2' >"$T_TMP/c2" 2>&1 &
p2=$!
wait $p1
wait $p2
check "the first concurrent exec completed" sh -c "jq -e '.status == \"ok\"' '$T_TMP/c1' >/dev/null"
check "the second concurrent exec completed" sh -c "jq -e '.status == \"ok\"' '$T_TMP/c2' >/dev/null"
sbx session exec data --json -e 'a1 + a2'
expect_json .result 3

# --- idle: the daemon saves, stops and exits by itself ---
sbx session create -n idle --idle 1s
IID=$out
sbx session exec idle -e 'kept = "yes"'
ipid=$(field "$IID" daemon_pid)
wait_gone "$ipid"
sbx session get idle --json
expect_json .status '"stopped"'
sbx session exec idle --json -e 'kept'
expect_json .result '"yes"'
expect_json .session.restored true

# --- TTL: an expiry in the past; exec refuses, gc removes ---
sed -i 's/^expires_at_ms: .*/expires_at_ms: 1/' "$(manifest "$IID")"
sbx session exec idle -e '1'
expect_rc 125
check "exec names the expiry" err_has 'expired'
sbx session list --json --status expired
expect_json 'length' 1
sbx gc
expect_rc 0
check "gc removed the expired session" test ! -e "$SD/sessions/$IID"

# --- hostile code inside a session: contained as with run ---
sbx session create -n hostile -m 64M
echo "the secret" >"$T_TMP/secret"
for prog in syscalls forge_exit forge_report secrets; do
	sbx session exec hostile --json -t 30 \
		-i home="\"$T_TMP/secret\"" -i secret_env='"SBX_TEST_SECRET"' \
		"$ROOT_DIR/tests/escape/corpus/python/$prog.py"
	check "$prog: nothing escaped" jq_out '[.stdout, .stderr] | all(test("ESCAPED") | not)'
	check "$prog: blocked" jq_out '.stdout | test("BLOCKED")'
done
sbx session exec hostile --json -t 30 "$ROOT_DIR/tests/escape/corpus/python/heap_bomb.py"
expect_json .status '"memory_limit"'
sbx session exec hostile --json -e '"alive"'
expect_json .result '"alive"'

# --- errors name the fix ---
sbx session exec nosuch -e '1'
expect_rc 125
check "an unknown session is named" err_has "no session 'nosuch'"
sbx session create -n data
expect_rc 125
sbx session create -n 'bad/name'
expect_rc 125
sbx session create -l cobol
expect_rc 125
check "an unknown language is refused at create" err_has "unknown language 'cobol'"
sbx session frob
expect_rc 125
# A session is a workspace: another language runs in its own kernel
# there (tests/cli/test_workspace.sh); one without a session kernel is
# refused as at create.
sbx session exec data -l c -e 'int main(void){return 0;}'
expect_rc 125
check "a language without a session kernel is refused" err_has "sessions do not support c yet"

# --- delete ---
sbx session delete data
expect_rc 0
check "delete removed the directory" test ! -e "$SD/sessions/$ID"
check "delete removed the run directory" test ! -e "$rundir"
sbx session get data
expect_rc 125

finish
