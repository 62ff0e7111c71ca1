#!/bin/sh
# sbx session for JavaScript and TypeScript: state across executions
# (top-level const, let, class and function persist), the record and
# output exactly as `sbx run` prints them, a timeout that keeps the state,
# stop and restore (replay of the completed executions), kill -9 of the
# kernel, and the escape corpus contained as with run.
. "$(dirname "$0")/../lib.sh"

SD=$SBX_STATE_DIR
. "$(dirname "$0")/../session_lib.sh"
wait_gone() { timeout 60 tail --pid="$1" -f /dev/null; }
jq_out() { printf '%s' "$out" | jq -e "$1" >/dev/null; }
# A field of the manifest, after a sync (session get): the daemon's writer
# thread puts its bookkeeping on disk after the reply (daemon_pid too).
field() {
	"$SBX" session get "$1" >/dev/null 2>&1
	sed -n "s/^$2: *//p" "$SD/sessions/$1/manifest.yaml"
}

# --- JavaScript: state across executions ---
sbx session create -l javascript -n js
expect_rc 0
JS=$out
sbx session exec js -t 300 -e 'const base = 40; let n = 1; var v = 2;
function twice(x) { return x * 2; }
class Box { constructor(x) { this.x = x; } get double() { return twice(this.x); } }
console.log("made", base);
base + n + v'
expect_rc 0
expect_out "made 40
43"
sbx session exec js -t 300 --json -e 'n += 1; [base, n, v, new Box(5).double, typeof Box]'
expect_rc 0
expect_json .result '[40,2,2,10,"function"]'
expect_json .language '"javascript"'
expect_json .session.execution_count 2
expect_json .sandbox.seccomp true

# the same bytes as run: result line, console output, errors, exit codes
code='console.log({a: [1, 2], s: "x"}); console.error("to err"); [1, "two", {three: 3}]'
sbx run -l javascript -t 300 -e "$code"
run_out=$out run_err=$err
sbx session exec js -t 300 -e "$code"
check "output and result line as run's" test "$out" = "$run_out"
check "stderr as run's" test "$err" = "$run_err"
sbx run -l javascript -t 300 -e 'null.x'
run_err=$err run_rc=$rc
sbx session exec js -t 300 -e 'null.x'
check "an error's report as run's" test "$err" = "$run_err"
check "its exit status as run's" test "$rc" = "$run_rc"
sbx session exec js -t 300 -e 'process.exit(3)'
expect_rc 3
sbx session exec js -t 300 --json -e 'process.exitCode = 4; "set"'
expect_rc 4
expect_json .result '"set"'
sbx session exec js -t 300 --json -i k=7 -e 'inputs.k * base'
expect_json .result 280
sbx session exec js -t 300 --json -e 'new Promise(function (r) { setTimeout(function () { r(base); }, 5); })'
expect_json .result 40
sbx session exec js -t 300 --json -e 'n'
expect_json .result 2

# --- a timeout interrupts the execution and keeps the state ---
sbx session exec js -t 1 --json -e 'var during = 1; n = 100; for (;;) {}'
expect_rc 124
expect_json .status '"timeout"'
expect_json .session.timeout_action '"interrupted"'
sbx session exec js -t 1 --json -e 'for (;;) { try { for (;;) {} } catch (e) {} }'
expect_rc 124
sbx session exec js -t 1 --json -e 'setInterval(function () {}, 1); 1'
expect_rc 124
sbx session exec js -t 300 --json -e '[n, during, base]'
expect_rc 0
expect_json .result '[100,1,40]'
expect_json .session.restored false

# --- stop, then restore by replay ---
sbx session stop js
expect_rc 0
sbx session exec js -t 300 --json -e '[base, twice(n), new Box(1).double]'
expect_rc 0
expect_json .session.restored true
check "the record names what replay does not bring back" jq_out '.session.unsaved | map(test("Math.random")) | any'
check "and the executions that failed" jq_out '.session.unsaved | map(test("failed or were interrupted")) | any'
# n was set to 100 by an interrupted execution: replay has n from before it
expect_json .result '[40,4,2]'
check "the replay's output is not printed again" jq_out '.stdout == ""'
check "the save's size is in the manifest" test "$(field "$JS" last_save_bytes)" -gt 0

# --- kill -9 of the kernel, then of the daemon: the next execution comes
# back from the log ---
sbx session exec js -t 300 --json -e 'var afterStop = "kept"; afterStop'
expect_json .result '"kept"'
dpid=$(field "$JS" daemon_pid)
host=$(pgrep -P "$dpid" | head -n 1)
kpid=$(pgrep -P "$host" | head -n 1)
check "the kernel's process is there" test -n "$kpid"
kill -9 "$kpid"
wait_gone "$kpid"
sbx session exec js -t 300 --json -e '[afterStop, base]'
expect_rc 0
expect_json .result '["kept",40]'
expect_json .session.restored true
check "the record says the kernel was recovered" jq_out '.session.recovered | test("ended")'
dpid=$(field "$JS" daemon_pid)
kill -9 "$dpid"
wait_gone "$dpid"
sbx session exec js -t 300 --json -e '[afterStop, base]'
expect_rc 0
expect_json .result '["kept",40]'
expect_json .session.restored true

# --- TypeScript ---
sbx session create -l typescript -n ts
expect_rc 0
sbx session exec ts -t 300 -e 'interface P { x: number }
const p: P = { x: 3 };
enum Color { Red, Green }
class Acc<T> { items: T[] = []; add(t: T): number { return this.items.push(t); } }
const acc = new Acc<number>();
p.x * 2'
expect_rc 0
expect_out 6
sbx session exec ts -t 300 --json -e 'acc.add(p.x); acc.add(Color.Green); acc.items'
expect_json .result '[3,1]'
expect_json .language '"typescript"'
sbx session exec ts -t 300 -e 'const bad: number = ; 1'
expect_rc 1
sbx run -l typescript -t 300 -e 'const bad: number = ; 1'
check "a TypeScript syntax error is reported as run's" test "$rc" = 1
sbx session stop ts
expect_rc 0
sbx session exec ts -t 300 --json -e 'acc.items.length + Color.Green'
expect_json .result 3
expect_json .session.restored true

# --- hostile code: contained as with run ---
sbx session create -l javascript -n hostile -m 64M
expect_rc 0
for f in "$ROOT_DIR"/tests/escape/corpus/js/*.js; do
	want=$(sed -n 's,^// sbx-expect: ,,p' "$f")
	args=$(sed -n 's,^// sbx-args: ,,p' "$f")
	# shellcheck disable=SC2086
	sbx session exec hostile --json $args "$f"
	check "$(basename "$f"): status $want as with run" jq_out ".status == \"$want\""
	check "$(basename "$f"): nothing escaped" jq_out '[.stdout, .stderr] | all(test("ESCAPED") | not)'
done
sbx session exec hostile -t 300 --json -e 'typeof Duktape + " " + typeof require("fs").readFileSync'
check "no host object, no file system" jq_out '.status == "error" or .result == "undefined undefined"'
sbx session exec hostile -t 300 --json -e 'var a = []; for (;;) a.push(new Array(1e5).join("x") + a.length)'
expect_json .status '"memory_limit"'
sbx session exec hostile -t 300 --json -e '"alive"'
expect_json .result '"alive"'

# A tight limit: after the memory_limit, glibc's malloc in the kernel that
# takes over calls mprotect (never to executable), which the filter once
# refused, and every later execution was a sandbox_error.
sbx session create -l javascript -n tight -m 12M
expect_rc 0
sbx session exec tight -t 300 --json -e 'var a = []; for (;;) a.push(new Array(1000).join("x") + a.length)'
expect_json .status '"memory_limit"'
sbx session exec tight -t 300 --json -e '1 + 1'
expect_json .status '"ok"'
expect_json .result '2'
sbx session exec tight -t 300 --json -e '"still " + (2 + 2)'
expect_json .result '"still 4"'


# The lowering's own names are new in every execution: a tagged template's
# cached strings, a block binding renamed past an outer one. One
# execution's `_tpl_1` or `x_1` once became the next one's: a second tag
# printed the first one's strings, and a block's `let x` overwrote the
# session's global x.
sbx session create -l javascript -n names
expect_rc 0
sbx session exec names -t 300 -e 'function tag(s) { return s.raw.join("|"); }
console.log(tag`C:\path\n${1}`); var x_1 = 5; var x = "global"'
expect_out 'C:\path\n|'
sbx session exec names -t 300 -e 'function tag2(s, ...v) { return s.join("") + v.join(","); }
console.log(tag2`a=${1} b=${2}!`);
{ let x = "block"; console.log(x); }
console.log(x, x_1)'
expect_out "a= b=!1,2
block
global 5"
# A FILE is named as `sbx run FILE` names it, for that execution only.
printf 'console.log(__filename, module.filename, process.argv[1]);\n' >"$T_TMP/named.js"
sbx session exec names -t 300 "$T_TMP/named.js"
expect_out "/named.js /named.js /named.js"
sbx session exec names -t 300 -e 'console.log(__filename === module.filename, process.argv[1])'
expect_out "true [eval]"


# `process`, its env and argv, and `inputs` are the code's to remake: the
# kernel that sets them for each execution goes on whatever they became
# (`process = 1` ended the kernel at the end of that execution, exit 70,
# and a read-only `inputs` ended it at every execution after).
sbx session create -l javascript -n remade
expect_rc 0
sbx session exec remade -t 300 --json -e 'process = 1; 1'
expect_json .status '"ok"'
expect_json .result 1
sbx session exec remade -t 300 --json --env A=1 -e 'typeof process + " " + args.length' -- x y
expect_json .status '"ok"'
expect_json .result '"number 2"'
sbx session exec remade -t 300 --json -e 'Object.defineProperty(globalThis, "process", {get: function () { throw new Error("no") }, configurable: true});
Object.defineProperty(globalThis, "inputs", {value: 0, writable: false, configurable: false}); 3'
expect_json .result 3
sbx session exec remade -t 300 --json -i a=1 --env B=2 -e 'String(inputs)' -- z
expect_json .status '"ok"'
expect_json .result '"0"'
expect_json .session.recovered null
expect_json .session.execution_count 4

finish
