#!/bin/sh
# sbx session: the kernel's kept transpiler (src/engine/js/lower_keep.c).
# A TypeScript or modern JavaScript session loads TypeScript's compiler
# once and lowers every later execution in the same heap: each execution
# must come out as `sbx run` lowers it (results, output, error records and
# their lines); a lowering error or a timeout inside the transform leaves
# a session whose next execution is lowered correctly; and the kept heap
# never costs the user's code a memory_limit that a fresh heap per
# execution would not have.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../session_lib.sh"
jq_out() { printf '%s' "$out" | jq -e "$1" >/dev/null; }

# same_as_run LANG CODE: the session's stdout, stderr and exit status are run's.
same_as_run() {
	sbx run -l "$1" -t 300 -e "$2"
	run_out=$out run_err=$err run_rc=$rc
	sbx session exec "$SES" -t 300 -e "$2"
	check "$3: stdout as run's" test "$out" = "$run_out"
	check "$3: stderr as run's" test "$err" = "$run_err"
	check "$3: exit status as run's" test "$rc" = "$run_rc"
}

# --- several TypeScript executions, each lowered as run lowers it ---
sbx session create -l typescript -n ts
expect_rc 0
SES=ts
same_as_run typescript 'type Pair = [string, number];
const pairs: Pair[] = [["a", 1], ["b", 2]];
const total: number = pairs.reduce((s, [, n]) => s + n, 0);
console.log(`total ${total}`);
total' "types and destructuring"
same_as_run typescript 'abstract class Shape { abstract area(): number; describe(): string { return `${this.constructor.name}: ${this.area().toFixed(1)}`; } }
class Circle extends Shape { constructor(private r: number) { super(); } area() { return Math.PI * this.r ** 2; } }
class Sq extends Shape { constructor(readonly s: number) { super(); } area() { return this.s * this.s; } }
[new Circle(1), new Sq(2)].map(x => x.describe())' "classes"
same_as_run typescript 'const wait = (ms: number): Promise<number> => new Promise(r => setTimeout(() => r(ms), ms));
async function both(): Promise<number[]> { const a = await wait(2); const b = await wait(1); return [a, b]; }
for await (const x of [wait(1)]) console.log("got", x);
await both()' "async and top-level await"
same_as_run typescript 'function* gen(n: number) { for (let i = 0; i < n; i++) yield i * i; }
const m = new Map<string, number>([...gen(4)].map((v, i) => [`k${i}`, v]));
console.log([...m.entries()]);
null.x' "generators, then an error"
check "the error's line is the source's (4)" sh -c 'printf "%s" "$1" | grep -q "eval\]:4"' _ "$err"
# state persists across the lowered executions
sbx session exec ts -t 300 --json -e 'const more: Pair = ["c", 3]; [total, pairs.length, more[1], typeof Circle]'
expect_rc 0
expect_json .result '[3,2,3,"function"]'
sbx session exec ts -t 300 --json -e 'enum E { A = 1, B } class Box<T> { constructor(public v: T) {} } new Box<E>(E.B).v'
expect_json .result 2

# --- a lowering error mid-session, then a good execution ---
same_as_run typescript 'let broken: number = ;
1' "a syntax error"
expect_rc 1
sbx session exec ts -t 300 --json -e 'let broken2: number = ;'
expect_json .error.name '"SyntaxError"'
expect_json .error.line 1
sbx session exec ts -t 300 --json -e 'import fs from "fs"; typeof fs.readFileSync'
expect_json .status '"error"'
check "import of a host module fails as require does" jq_out '.error.message | test("Cannot load module .fs.")'
sbx session exec ts -t 300 --json -e 'const after: number = total * 2;
interface Q { q: number }
({ q: after } as Q).q'
expect_rc 0
expect_json .result 6

# --- a timeout during the transform, then a TypeScript execution ---
# 200 classes take the transpiler seconds (it is interrupted there); the
# loop at the end makes a machine fast enough to finish in time time out
# anyway.
i=0
: >"$T_TMP/big.ts"
while [ $i -lt 200 ]; do
	echo "class C$i { constructor(public a: number, private b: string = \"x\") {} get v(): number { return this.a * $i; } async f(x: number): Promise<number> { return x + $i; } }" >>"$T_TMP/big.ts"
	i=$((i + 1))
done
echo 'for (;;) {}' >>"$T_TMP/big.ts"
sbx session exec ts -t 1 --json "$T_TMP/big.ts"
expect_rc 124
expect_json .status '"timeout"'
expect_json .session.timeout_action '"interrupted"'
sbx session exec ts -t 300 --json -e 'class After { static n: number = total + 1 } After.n'
expect_rc 0
expect_json .result 4
expect_json .session.restored false
same_as_run typescript 'const ok: string[] = ["x", "y"]; ok.map((s, i) => s.repeat(i + 1)).join("-")' \
	"after the timeout"

# --- a plain ES5 line in a JavaScript session is not lowered ---
sbx session create -l javascript -n js -m 40M
expect_rc 0
SES=js
same_as_run javascript 'var es5 = [1, 2, 3].map(function (x) { return x * 2; }); es5' "ES5"
same_as_run javascript 'const sq = [1, 2, 3].map(x => x ** 2); `${sq}`' "modern JavaScript"

# and does not load the transpiler: a 16M session (the transpiler alone
# needs ~25 MB) runs ES5 line after line; a modern line there does not fit
# (memory_limit), and the session goes on.
sbx session create -l javascript -n es5 -m 16M
expect_rc 0
sbx session exec es5 -t 300 --json -e 'var a = [1, 2].map(function (x) { return x + 1; }); a'
expect_json .result '[2,3]'
sbx session exec es5 -t 300 --json -e 'a.push(a.length); a.join(",")'
expect_json .result '"2,3,2"'
sbx session exec es5 -t 300 --json -e 'const b = a.map(x => x + 1); b'
check "a modern line in 16M: memory_limit (or, lowered in less, its result)" \
	jq_out '.status == "memory_limit" or .result == [3,4,3]'
sbx session exec es5 -t 300 --json -e 'a.concat([9])'
expect_json .status '"ok"'
expect_json .result '[2,3,2,9]'

# --- a tight memory limit: the transpiler gives its memory back ---
# 40M holds the kept transpiler (~25 MB) or this array, not both: with a
# fresh transpiler per execution, as before, it fits, and so it must now.
sbx session exec js -t 300 --json -e 'var big = []; for (var i = 0; i < 200000; i++) big.push("x" + i); big.length'
expect_json .status '"ok"'
expect_json .result 200000
sbx session exec js -t 300 --json -e 'big = null; "freed"'
expect_json .result '"freed"'
sbx session exec js -t 300 --json -e 'const again = [3, 4].map(x => x + 1); again'
expect_json .status '"ok"'
expect_json .result '[4,5]'
expect_json .session.restored false

# TypeScript with the array kept: the next transform may not fit; it runs
# or ends with memory_limit, and the session is still there.
sbx session create -l typescript -n tight -m 40M
expect_rc 0
sbx session exec tight -t 300 --json -e 'let one: number = 1; one'
expect_json .result 1
sbx session exec tight -t 300 --json -e 'var big: string[] = []; for (let i = 0; i < 200000; i++) big.push("x" + i); big.length'
expect_json .status '"ok"'
expect_json .result 200000
sbx session exec tight -t 300 --json -e 'let two: number = 2; two * 21'
check "a transform that does not fit: ok or memory_limit" jq_out '.status == "ok" or .status == "memory_limit"'
check "its record says which" jq_out '.status == "memory_limit" or .result == 42'
sbx session get tight --json
expect_rc 0

finish
