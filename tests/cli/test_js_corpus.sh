#!/bin/sh
# Modern JavaScript and TypeScript (issue #4): every program in
# tests/js-corpus runs through `sbx run` and must print exactly what node
# printed (PROG.out, made once with tests/js-corpus/regen.js) and, where
# there is a PROG.result, give that result.
#
# Lowering a program cold costs ~0.2 s (TypeScript inside Duktape), so the
# runs share a state directory under the build tree whose lowering cache
# survives between test runs; its entries are keyed by the transpiler's
# hash, so a rebuilt transpiler never sees stale code. A first pass on a
# fresh tree runs the programs in parallel.
. "$(dirname "$0")/../lib.sh"

corpus="$ROOT_DIR/tests/js-corpus"
state="$ROOT_DIR/${BUILD:-build}/test-js-corpus-state"
mkdir -p "$state" "$T_TMP/res"

# Run everything (in parallel), then compare (in order).
ls "$corpus" | grep -E '\.(js|ts)$' | grep -v '^regen\.js$' >"$T_TMP/list"
export SBX corpus state T_TMP
xargs -P "$(nproc 2>/dev/null || echo 2)" -I{} sh -c \
	'"$SBX" run --state-dir "$state" --json "$corpus/{}" >"$T_TMP/res/{}.json" 2>"$T_TMP/res/{}.err" </dev/null; echo $? >"$T_TMP/res/{}.rc"' \
	<"$T_TMP/list"

while read -r prog; do
	base=${prog%.*}
	T_LAST="sbx run $corpus/$prog"
	out=$(cat "$T_TMP/res/$prog.json")
	err=$(cat "$T_TMP/res/$prog.err")
	rc=$(cat "$T_TMP/res/$prog.rc")
	printf '%s' "$out" | jq -j .stdout >"$T_TMP/got" 2>/dev/null
	if [ "$rc" -eq 0 ] && cmp -s "$T_TMP/got" "$corpus/$base.out"; then
		_pass
	else
		_fail "$prog: exit $rc or stdout differs from $base.out ($(diff "$corpus/$base.out" "$T_TMP/got" | head -n 6 | tr '\n' ' '))"
	fi
	if [ -e "$corpus/$base.result" ]; then
		expect_json .result "$(cat "$corpus/$base.result")"
	fi
done <"$T_TMP/list"

# The second run of a program is served from the cache: same output.
sbx run --state-dir "$state" --json "$corpus/class_extends_super.js"
expect_json .stdout "$(jq -Rs . <"$corpus/class_extends_super.out")"
check "the lowering cache has entries" test -n "$(ls "$state/cache/js" 2>/dev/null)"

# Numbers in results are the shortest text that reads back (SPEC), in the
# text output and in the record alike.
sbx run -e '[1/3, 0.1, 0.1 + 0.2, 1e21]'
expect_out '[0.3333333333333333,0.1,0.30000000000000004,1e+21]'
sbx run --json -e '({x: 2/3})'
check "the record has the shortest form" sh -c 'printf "%s" "$1" | grep -q "\"result\":{\"x\":0.6666666666666666}"' _ "$out"

# node's library without host access: pure core modules load, the rest
# fail with an error naming the module; assert quotes the failed call as
# node does from a file; one file's CommonJS shape.
sbx run --json -e 'const a = require("node:assert"); try { a.ok(1 > 2); } catch (e) { console.log(e.message); }'
expect_json .stdout '"The expression evaluated to a falsy value:\n\n  a.ok(1 > 2)\n\n"'
sbx run --json -e 'require("fs")'
expect_rc 1
expect_jq '.error.message | test("Cannot load module .fs.: sbx runs JavaScript without access to the file system")'
sbx run --json -e 'require("left-pad")'
expect_rc 1
expect_jq '.error.message | test("Cannot find module .left-pad.")'
sbx run --json -e 'exports.x = 2; [require.main === module, module.exports.x]'
expect_json .result '[true,2]'
# The library loads only when used: a program that never touches it runs
# without it (N.loadLib is lazy), and one that does gets it once.
sbx run --json -e 'const u = require("util"); u === require("node:util")'
expect_json .result true

# Errors point at the user's source, not at the lowered code.
printf 'interface A { x: number }\nconst f = (a: A): number => {\n  return a.x.y.z;\n};\nf({ x: 1 });\n' >"$T_TMP/err.ts"
sbx run --json "$T_TMP/err.ts"
expect_rc 1
expect_json .error.name '"TypeError"'
expect_json .error.line 3
expect_jq '.error.traceback | test("err.ts:3")'

sbx run --json -e 'const a = 1;
let b = [1, 2].map(x => x *);'
expect_rc 1
expect_json .error.name '"SyntaxError"'
expect_json .error.line 2

# Named capture groups are lowered (src/engine/js/runtime/regex.js).
sbx run --json -e 'const r = /(?<y>\d{4})/.exec("2020"); r.groups.y'
expect_json .result '"2020"'
# Unsupported features fail on Duktape with an error naming the feature
# (without --engine duktape, sbx runs BigInt and lookbehind under node:
# test_engine_auto.sh).
sbx run --engine duktape --json -e 'const r = /(?<=a)b/.exec("ab"); r[0]'
expect_rc 1
expect_jq '.error.message | test("lookbehind assertions")'
# An ES module: import of a host module fails exactly as require does.
sbx run --json -e 'import fs from "fs"; const x = 1;'
expect_rc 1
expect_jq '.error.message | test("Cannot load module .fs.: sbx runs JavaScript without access to the file system")'
sbx run --engine duktape --json -e 'const big = 10n ** 20n;'
expect_rc 1
expect_jq '.error.message | test("BigInt")'

# An unhandled rejection ends the run as an uncaught error, as in node.
sbx run --json -e 'Promise.reject(new RangeError("nobody listens")); const x = 1;'
expect_rc 1
expect_json .error.name '"RangeError"'

# The ES5 fast path leaves plain code alone (no cache entry is made).
sbx run --json --state-dir "$T_TMP/es5" -e 'var a = [1, 2, 3]; a.length'
expect_json .result 3
check "ES5 code is not lowered" test -z "$(ls "$T_TMP/es5/cache/js" 2>/dev/null)"

finish
