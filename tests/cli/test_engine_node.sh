#!/bin/sh
# --engine node: JavaScript and TypeScript in the real node, under the
# interpreters' sandbox, with the same inputs, result, limits and record.
. "$(dirname "$0")/../lib.sh"

if [ ! -x /usr/bin/node ]; then
	echo "test_engine_node: 0 passed, 0 failed (node not installed: skipped)"
	exit 0
fi
T="--timeout 300"

# A snippet's final expression is its result; the record names the engine
# and the interpreter that really ran.
sbx run --engine node $T --json -i x=41 -e 'const y = inputs.x + 1; [y, typeof process.versions.v8]'
expect_rc 0
expect_json .result '[42, "string"]'
expect_json .engine '"node"'
expect_json .interpreter.path '"/usr/bin/node"'
expect_jq '.interpreter.version | startswith("v")'
expect_jq '.sandbox.seccomp and .sandbox.rlimits'

# Duktape stays the default, and says so.
sbx run $T --json -e '1 + 1'
expect_json .engine '"duktape"'
expect_json .result 2

# Text mode: output, then the result line.
sbx run --engine node $T -e 'console.log("hi"); 6 * 7'
expect_rc 0
expect_out "hi
42"

# A non-expression ending has no result; top-level return and await work.
sbx run --engine node $T --json -e 'let s = 0; for (let i = 0; i < 3; i++) s += i'
expect_json .result null
sbx run --engine node $T --json -e 'const v = 5; return v * 2'
expect_json .result 10
sbx run --engine node $T --json -e 'await new Promise((r) => setTimeout(r, 1)); return "late"'
expect_json .result '"late"'
sbx run --engine node $T --json -e 'Promise.resolve({a: 1})'
expect_json .result '{"a": 1}'

# Rich results through Symbol.for('sbx.mime'), as under Duktape.
sbx run --engine node $T --json -e '({[Symbol.for("sbx.mime")]: {"text/html": "<b>x</b>"}})'
expect_json '.results[0] | [.mime, .data]' '["text/html", "<b>x</b>"]'

# A FILE runs as `node FILE`: argv, __filename, its --file beside it, and
# exactly what node prints (no result line).
mkdir -p "$T_TMP/p"
printf 'const fs = require("fs");\nconsole.log(process.argv.slice(2).join(","), require("path").basename(__filename));\nconsole.log(fs.readFileSync("data.txt", "utf8").trim());\n1 + 1\n' >"$T_TMP/p/prog.js"
printf 'hello\n' >"$T_TMP/p/data.txt"
sbx run --engine node $T "$T_TMP/p/prog.js" -f "$T_TMP/p/data.txt" -- a b
expect_rc 0
expect_out "a,b prog.js
hello"

# Files the code makes are listed, and saved with --out-dir.
sbx run --engine node $T --json -o "$T_TMP/out" -e 'require("fs").writeFileSync("made.txt", "x")'
expect_json '[.files[].name]' '["made.txt"]'
check "--out-dir saved made.txt" test -f "$T_TMP/out/made.txt"

# stdin and --env.
printf 'line one\n' >"$T_TMP/in.txt"
sbx run --engine node $T --stdin "$T_TMP/in.txt" --env GREETING=hey -e 'process.env.GREETING + " " + require("fs").readFileSync(0, "utf8").trim()'
expect_out '"hey line one"'
# The code reads sbx's stdin with --stdin -.
sbx_in 'piped' run --engine node $T --stdin - -e 'require("fs").readFileSync(0, "utf8")'
expect_out '"piped"'
# The code itself from stdin: node's name for it is [stdin].
sbx_in 'throw new Error("from stdin")' run --engine node $T --json -
expect_rc 1
expect_jq '.error.traceback | contains("[stdin]:1")'

# Exit codes and errors: process.exit, an uncaught error (printed once,
# by node), an unhandled rejection, a syntax error.
sbx run --engine node $T -e 'process.exit(7)'
expect_rc 7
sbx run --engine node $T -e 'function f() { throw new TypeError("bad thing") }
f()'
expect_rc 1
expect_err_contains "TypeError: bad thing"
expect_err_contains "sbx: error: TypeError: bad thing (line 1"
check "the traceback is printed once" test "$(printf '%s' "$err" | grep -c '^TypeError: bad thing')" -eq 1
check "sbx's prelude is not in the traceback" test "$(printf '%s' "$err" | grep -c 'sbx-prelude')" -eq 0
sbx run --engine node $T --json -e 'Promise.reject(new RangeError("nope"))'
expect_rc 1
expect_json .error.name '"RangeError"'
sbx run --engine node $T --json -e 'const x = ;'
expect_rc 1
expect_json .status '"error"'
expect_json .error.name '"SyntaxError"'

# Limits: the wall clock, and memory (V8's heap or the cgroup).
sbx run --engine node --timeout 1 -e 'for (;;) {}'
expect_rc 124
sbx run --engine node $T -m 96M --json -e 'const a = []; for (;;) a.push(new Array(65536).fill(1.5))'
expect_rc 137
expect_json .status '"memory_limit"'
sbx run --engine node $T -m 96M --json -e 'const a = []; for (;;) a.push(Buffer.alloc(1 << 20, 1))'
expect_rc 137
expect_json .status '"memory_limit"'
# Printing V8's message and aborting is not a memory limit.
sbx run --engine node $T --json -e 'console.error("FATAL ERROR: JavaScript heap out of memory"); process.abort()'
expect_json .status '"signaled"'

# TypeScript: lowered by sbx, run by node; errors on the source's lines.
sbx run --engine node $T -l ts --json -e 'interface P { x: number }
const p: P = { x: 3 };
function sq<T extends number>(a: T): number { return a * a }
sq(p.x)'
expect_json .result 9
expect_json .engine '"node"'
sbx run --engine node $T -l ts --json -e 'const a: number = 1;

const b: string = (null as any).boom;'
expect_rc 1
expect_json .error.name '"TypeError"'
expect_json .error.line 3
# Lowered classes and functions keep their ES2015 names (sbx's helpers).
sbx run --engine node $T -l ts --json -e 'class Repo<T> { items: T[] = []; add(x: T) { this.items.push(x); return this } }
const f = (x: number) => x;
[new Repo<number>().add(1).items, Repo.name, Repo.prototype.add.name, f.name]'
expect_json .result '[[1], "Repo", "add", "f"]'
# TypeScript under node accepts what node accepts: lowered to ES2022, not
# to Duktape's ES5 (BigInt, lookbehind, private fields stay as they are).
sbx run --engine node $T -l ts --json -e 'const big: bigint = 2n ** 70n;
class P { #x = 1; get x() { return this.#x; } }
[String(big), /(?<=a)b/.test("ab"), "2024-01".match(/(?<y>\d{4})/)?.groups?.y, new P().x]'
expect_rc 0
expect_json .result '["1180591620717411303424", true, "2024", 1]'
# The lowering for node and for Duktape are two cache entries: the same
# code on Duktape still says what Duktape lacks.
sbx run --engine duktape $T -l ts --json -e 'const big: bigint = 2n ** 70n; String(big)'
expect_rc 1
expect_jq '.error.message | test("BigInt")'
sbx run --engine node $T -l ts --json -e 'const a: number = ;'
expect_rc 1
expect_json .error.name '"SyntaxError"'

# The JSON request and the config file choose the engine too.
printf '{"code": "typeof require", "engine": "node"}' >"$T_TMP/req.json"
sbx run $T --request "$T_TMP/req.json" --json
expect_json .result '"function"'
mkdir -p "$T_TMP/config/sbx"
printf 'languages:\n  javascript:\n    engine: node\n' >"$T_TMP/cfg.yaml"
sbx run --config "$T_TMP/cfg.yaml" $T --json -e 'typeof require'
expect_json .result '"function"'
sbx run --config "$T_TMP/cfg.yaml" $T --json -l ts -e 'const n: number = 1; n'
expect_json .engine '"node"'
sbx run --config "$T_TMP/cfg.yaml" --engine duktape $T --json -e '1'
expect_json .engine '"duktape"'
printf 'languages:\n  javascript:\n    engine: v8\n' >"$T_TMP/bad.yaml"
sbx run --config "$T_TMP/bad.yaml" -e 1
expect_rc 125
expect_err_contains "use duktape"
sbx run --engine v8 -e 1
expect_rc 125
expect_err_contains "invalid --engine 'v8'"
sbx run --engine node -l python -e 1
expect_rc 125
expect_err_contains "applies to javascript and typescript"

# node missing: unavailable, exit 127, naming the Debian package.
printf 'languages:\n  javascript:\n    engine: node\n    node: /nonexistent/node\n' >"$T_TMP/missing.yaml"
sbx run --config "$T_TMP/missing.yaml" $T --json -e '1'
expect_rc 127
expect_json .status '"unavailable"'
expect_jq '.error.message | contains("nodejs")'
sbx doctor --config "$T_TMP/missing.yaml" --json
expect_jq '.interpreters[] | select(.engine == "node") | (.available == false and (.hint | contains("nodejs")))'
sbx doctor --json
expect_jq '.interpreters[] | select(.engine == "node") | .available and .path == "/usr/bin/node"'

# prepare checks with node; deploy keeps the engine for exec-deployment.
sbx prepare --engine node --json -e 'return 1'
expect_rc 0
expect_json .syntax.checker '"node"'
sbx prepare --engine node --json -e 'const = 1'
expect_rc 1
sbx deploy --engine node $T -n sq -e 'inputs.n * inputs.n'
expect_rc 0
sbx exec-deployment sq -i n=9 --json
expect_json .result 81
expect_json .engine '"node"'
sbx deploy --engine node $T -n tsq -l ts -e 'const n: number = inputs.n; n + 1'
expect_rc 0
sbx exec-deployment tsq -i n=9 --json
expect_json .result 10

# A child node the code forks does not inherit sbx's flags or prelude.
sbx run --engine node $T --json -e 'require("fs").writeFileSync("c.js", "process.send([typeof inputs, process.execArgv.length])");
new Promise((r) => require("child_process").fork("c.js").on("message", r))'
expect_json .result '["undefined", 0]'

finish
