#!/bin/sh
# sbx run, JavaScript: results, inputs, console formatting, timers, errors.
. "$(dirname "$0")/../lib.sh"

# Results: the last expression, a top-level return, JSON semantics.
sbx run -e '1+1' --json
expect_rc 0
expect_json .status '"ok"'
expect_json .result 2
expect_json .ok true
expect_json .language '"javascript"'
expect_jq 'has("id") and has("stdout") and has("stderr") and has("error") and has("time_ms") and has("memory_kb") and has("limits") and has("sandbox")'
expect_jq '.memory_kb.peak > 0'
sbx run -e 'return {a: inputs.x}' -i x=3 --json
expect_json .result '{"a":3}'
sbx run -e 'var a = 1;
if (a) return "early";
"late"' --json
expect_json .result '"early"'
sbx run -e 'var x = 1; for (var i = 0; i < 3; i++) {}' --json
expect_json .result null
# Only a final expression statement gives a result (a notebook cell).
sbx run -e '1; var y = 2' --json
expect_json .result null
sbx run -e 'var o = {a: 1}
o' --json
expect_json .result '{"a":1}'
sbx run -e 'function f() { return 3 }
f();' --json
expect_json .result 3
sbx run -e '[undefined, function () {}, NaN, "\u00e9\ud83d\ude00"]' --json
expect_json .result '[null,null,null,"é😀"]'
sbx run -e '(function () {})' --json
expect_json .result null
sbx run -e 'inputs' -i n=1.5 -i s=hi -i o='{"k":[1]}' --json
expect_json .result '{"n":1.5,"s":"hi","o":{"k":[1]}}'

# Text mode: output as it comes, then the result as JSON.
sbx run -e 'console.log("out"); console.error("err"); ({b: 2})'
expect_rc 0
expect_out 'out
{"b":2}'
expect_err_contains 'err'
sbx run -e 'var x = 1'
expect_out ''

# Strings go out as UTF-8, as node writes them: Duktape's CESU-8 pair for
# a character beyond the BMP is one 4-byte character, a lone half U+FFFD.
sbx run -e 'console.log("a\ud83d\ude00 \ud83d"); process.stdout.write("\ud83d\ude00\n"); console.error("\udc00")'
expect_out "$(printf 'a\360\237\230\200 \357\277\275\n\360\237\230\200')"
check "stderr lone half is U+FFFD" [ "$err" = "$(printf '\357\277\275')" ]

# console formatting, close to node's util.inspect.
sbx run -e 'console.log("s", 1, true, null, undefined, {a: 1, b: [1, 2, 3]})'
expect_out "s 1 true null undefined { a: 1, b: [ 1, 2, 3 ] }"
sbx run -e 'console.log({a: "q", "b-c": [ "x" ]})'
expect_out "{ a: 'q', 'b-c': [ 'x' ] }"
sbx run -e 'console.log({a: {b: {c: {d: 1}}}})'
expect_out "{ a: { b: { c: [Object] } } }"
sbx run -e 'function f() {} console.log(f, function () {}, [f])'
expect_out "[Function: f] [Function (anonymous)] [ [Function: f] ]"
sbx run -e 'var o = {n: 1}; o.me = o; console.log(o)'
expect_out "<ref *1> { n: 1, me: [Circular *1] }"
sbx run -e 'console.log("%s=%d %i %f %j %% %O", "k", 4.5, 4.5, "2.5", {j: 1}, [1], "rest")'
expect_out 'k=4.5 4 2.5 {"j":1} % [ 1 ] rest'
sbx run -e 'console.log("%s=%d", "k", 4)'
expect_out 'k=4'
sbx run -e 'var a = []; for (var i = 1; i <= 28; i++) a.push(i); console.log(a)'
expect_out '[
   1,  2,  3,  4,  5,  6,  7,  8,
   9, 10, 11, 12, 13, 14, 15, 16,
  17, 18, 19, 20, 21, 22, 23, 24,
  25, 26, 27, 28
]'
sbx run -e 'console.log([1, , 3], -0, new Date(0), /x+/g)'
expect_out '[ 1, <1 empty item>, 3 ] -0 1970-01-01T00:00:00.000Z /x+/g'
sbx run -e 'console.log(new Error("boom"))'
expect_out 'Error: boom
    at global ([eval]:1)'
sbx run -e 'console.log("a", 1, {}); console.info("i"); console.debug("d")'
expect_out 'a 1 {}
i
d'
# An error nested in an array or object: its frames take the depth's
# indentation, as node's formatError does.
sbx run -e 'console.log({ e: [new Error("b")] })'
expect_out '{
  e: [
    Error: b
        at global ([eval]:1)
  ]
}'
# require of a package: node's error and keys; why sbx has none is a hint of
# sbx's own, on its own line and in the record.
sbx run -e "require('left-pad')"
expect_rc 1
expect_err_contains "sbx: hint: 'left-pad' is not available: sbx runs one self-contained file"
expect_err_contains "  code: 'MODULE_NOT_FOUND',"
sbx run --json -e "require('left-pad')"
expect_json .error.message "\"Cannot find module 'left-pad'\\nRequire stack:\\n- /[eval]\""
check "the record has the hint" sh -c 'printf "%s" "$1" | jq -e ".error.hint | test(\"no npm packages\")" >/dev/null' _ "$out"
# node has no print(): a program that would fail under node fails here too.
sbx run -e 'print("a")'
expect_rc 1
expect_err_contains 'ReferenceError: print is not defined'
sbx run -e 'console.warn("w"); console.error("e", {x: 1})' --json
expect_json .stderr '"w\ne { x: 1 }\n"'
expect_json .stdout '""'

# Timers: due-time order, intervals, clearTimeout, immediates.
sbx run -e 'var log = [];
setTimeout(function () { log.push("t30"); console.log(log.join(",")); }, 150);
var id = setTimeout(function () { log.push("never"); }, 5);
clearTimeout(id);
setTimeout(function (x) { log.push("t10" + x); }, 100, "!");
var n = 0, iv = setInterval(function () { log.push("i" + (++n)); if (n === 2) clearInterval(iv); }, 1);
setImmediate(function () { log.push("imm"); });
log.push("main");
var done = true'
expect_rc 0
expect_out 'main,imm,i1,i2,t10!,t30'
sbx run -e '({then: function (ok) { setTimeout(function () { ok(42); }, 1); }})' --json
expect_json .result 42

# Errors: status error, exit 1, name/message/line of the user's source.
sbx run -e 'var a = 1;
function f() { throw new TypeError("bad " + a); }
f();' --json
expect_rc 1
expect_json .status '"error"'
expect_json .ok false
expect_json .error.name '"TypeError"'
expect_json .error.message '"bad 1"'
expect_json .error.line 2
expect_jq '.error.traceback | test("at f \\(\\[eval\\]:2\\)")'
expect_jq '.error.traceback | test("sbx|prelude") | not'
sbx run -e 'var ok = 1;
var s = "unterminated;' --json
expect_rc 1
expect_json .error.name '"SyntaxError"'
expect_json .error.line 2
sbx run -e 'null.x'
expect_rc 1
expect_err_contains 'TypeError'
sbx run -e 'throw "plain"' --json
expect_rc 1
expect_json .error.message "\"Uncaught 'plain'\""
sbx run -e 'setTimeout(function () { throw new RangeError("later"); }, 1)' --json
expect_rc 1
expect_json .error.name '"RangeError"'
sbx run -e 'console.log("before"); undefinedFn()' --json
expect_json .stdout '"before\n"'
expect_json .error.name '"ReferenceError"'

# Files: the name is the file's, a shebang line is allowed.
printf '#!/usr/bin/env sbx\nvar x = 2;\nthrow new Error("in file");\n' >"$T_TMP/prog.js"
sbx run "$T_TMP/prog.js" --json
expect_json .error.line 3
expect_jq '.error.traceback | test("prog.js:3")'

# The examples run.
sbx run "$ROOT_DIR/examples/hello.js" -i name=Ada --json
expect_rc 0
expect_json .result '{"greeted":"Ada","length":3}'
sbx run "$ROOT_DIR/examples/timers.js" --json
expect_json .result '{"order":["early","late"],"ticks":3}'

# A declaration's closing brace ends it: the next line is a statement.
sbx run --json -e 'function f() {}
[5]'
expect_json .result '[5]'

finish
