#!/bin/sh
# The automatic engine choice (src/run/engine_choice.c): JavaScript and
# TypeScript that need what Duktape lacks (BigInt, regex lookbehind, the
# s/u/y/d flags, \p{...}) run under node when nobody chose an engine, with
# the record saying why; --engine duktape, the config's engine or
# auto_node: false keep Duktape, whose error then says how to let node run
# it; a session (one Duktape heap) refuses such code by name.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../session_lib.sh"

if [ ! -x /usr/bin/node ]; then
	echo "test_engine_auto: 0 passed, 0 failed (node not installed: skipped)"
	exit 0
fi
T="--timeout 300"

# A BigInt factorial FILE prints what node prints, under node's sandbox.
cat >"$T_TMP/fact.js" <<'EOF'
function fact(n) {
  let f = 1n;
  for (let i = 2n; i <= n; i++) f *= i;
  return f;
}
console.log(fact(30n), fact(BigInt(25)).toString().length);
EOF
native=$(cd "$T_TMP" && /usr/bin/node fact.js)
sbx run $T "$T_TMP/fact.js"
expect_rc 0
expect_out "$native"
check "the factorial is node's" test "$out" = "265252859812191058636308480000000n 26"
sbx run $T --json "$T_TMP/fact.js"
expect_json .engine '"node"'
expect_json .engine_reason '"the code uses a BigInt literal (line 2), which Duktape lacks"'
expect_jq '.sandbox.seccomp and .sandbox.rlimits'
expect_json .interpreter.path '"/usr/bin/node"'

# Lookbehind (a literal, and a pattern given to new RegExp), the flags and
# property escapes Duktape's regex engine lacks, BigInt() alone, a BigInt in
# a template's ${...}: each runs under node, its result as node gives it.
sbx run $T --json -e '"cost $42 and $7".match(/(?<=\$)\d+/g)'
expect_json .result '["42", "7"]'
expect_jq '.engine == "node" and (.engine_reason | contains("lookbehind (line 1)"))'
sbx run $T --json -e 'new RegExp("(?<!x)y").test("ay")'
expect_json '[.engine, .result]' '["node", true]'
sbx run $T --json -e '[/a.b/s.test("a\nb"), /\p{Lu}/u.test("aB")]'
expect_json '[.engine, .result]' '["node", [true, true]]'
sbx run $T --json -e 'String(BigInt("123456789012345678901") * BigInt(2))'
expect_json '[.engine, .result]' '["node", "246913578024691357802"]'
sbx run $T --json -e 'const s = `${2n ** 64n}`; s'
expect_json '[.engine, .result]' '["node", "18446744073709551616"]'
# TypeScript too: lowered for node, then run there.
sbx run $T -l ts --json -e 'const b: bigint = 2n ** 70n; String(b)'
expect_json '[.engine, .result]' '["node", "1180591620717411303424"]'
# Code node runs takes node's options: a --file with it is fine.
printf '7\n' >"$T_TMP/n.txt"
sbx run $T -f "$T_TMP/n.txt" -e 'BigInt(require("fs").readFileSync("n.txt", "utf8").trim()) ** 3n'
expect_rc 0
expect_out "343"

# Ordinary code stays on Duktape, with no reason; 10n in a string or a
# comment, or BigInt as a property name, is not a use (a string holding
# (?<= is: it is a pattern for new RegExp, as above).
sbx run $T --json -e 'var f = 1; for (var i = 2; i <= 10; i++) f *= i; f'
expect_json '[.engine, .result, .engine_reason]' '["duktape", 3628800, null]'
sbx run $T --json -e '// 10n and /(?<=a)b/
var o = {BigInt: 1}; ["10n", "(?:x)", o.BigInt]'
expect_json '[.engine, .result]' '["duktape", ["10n", "(?:x)", 1]]'

# --engine duktape means Duktape: refused as before, and the error's hint
# says how to let node run it.
sbx run $T --engine duktape --json -e 'const big = 10n ** 20n;'
expect_rc 1
expect_json '[.engine, .error.name]' '["duktape", "SyntaxError"]'
expect_jq '.error.message | contains("BigInt")'
expect_jq '.error.hint | contains("BigInt literal (line 1)") and contains("drop it") and contains("--engine node")'
sbx run $T --engine duktape -e 'console.log("ab".replace(/(?<=a)b/, "X"))'
expect_rc 1
expect_err_contains "lookbehind assertions are not supported"
expect_err_contains "sbx: hint: the code uses a regular expression lookbehind (line 1)"
# A FILE prints what its interpreter prints, and then this hint too: node,
# not the engine sbx was told to use, is what the code was written for.
sbx run $T --engine duktape "$T_TMP/fact.js"
expect_rc 1
expect_err_contains "SyntaxError: BigInt literals are not supported"
expect_err_contains "sbx: hint: the code uses a BigInt literal (line 2)"
printf '{"code": "1n", "engine": "duktape"}' >"$T_TMP/req.json"
sbx run $T --request "$T_TMP/req.json" --json
expect_jq '.engine == "duktape" and .status == "error" and (.error.hint | contains("engine"))'

# The config forbids it: auto_node: false (TypeScript follows JavaScript's),
# or an engine named in the config.
printf 'languages:\n  javascript:\n    auto_node: false\n' >"$T_TMP/off.yaml"
sbx run --config "$T_TMP/off.yaml" $T --json -e '2n ** 3n'
expect_rc 1
expect_json .engine '"duktape"'
expect_jq '.error.hint | contains("languages.javascript.auto_node: false") and contains("set it to true")'
sbx run --config "$T_TMP/off.yaml" $T --json -l ts -e 'const n: bigint = 2n; n'
expect_json '[.engine, .status]' '["duktape", "error"]'
sbx run --config "$T_TMP/off.yaml" --engine node $T --json -e '2n ** 3n'
expect_json '[.engine, .result]' '["node", 8]'
printf 'languages:\n  javascript:\n    auto_node: false\n  typescript:\n    auto_node: true\n' >"$T_TMP/ts.yaml"
sbx run --config "$T_TMP/ts.yaml" $T --json -l ts -e 'const n: bigint = 2n; String(n)'
expect_json '[.engine, .result]' '["node", "2"]'
printf 'languages:\n  javascript:\n    engine: duktape\n' >"$T_TMP/duk.yaml"
sbx run --config "$T_TMP/duk.yaml" $T --json -e '2n'
expect_jq '.engine == "duktape" and (.error.hint | contains("languages.javascript.engine: duktape"))'
printf 'languages:\n  javascript:\n    auto_node: maybe\n' >"$T_TMP/bad.yaml"
sbx run --config "$T_TMP/bad.yaml" -e 1
expect_rc 125
expect_err_contains "languages.javascript.auto_node: use true or false"

# node missing: Duktape's refusal says node would run it and how to get it.
printf 'languages:\n  javascript:\n    node: /nonexistent/node\n' >"$T_TMP/missing.yaml"
sbx run --config "$T_TMP/missing.yaml" $T --json -e '2n'
expect_rc 1
expect_json .engine '"duktape"'
expect_jq '.error.hint | contains("node is not installed") and contains("apt-get install nodejs")'
sbx run --config "$T_TMP/missing.yaml" $T "$T_TMP/fact.js"
expect_rc 1
expect_err_contains "sbx: hint: the code uses a BigInt literal (line 2), which Duktape lacks. Node would run it, but node is not installed"

# A session is one Duktape heap: code only node runs is refused by name,
# before it runs, and the session goes on; a global Duktape lacks that the
# code only tests for runs as before.
sbx session create -l js
expect_rc 0
sid=$out
sbx session exec "$sid" -e 'var kept = 41'
expect_rc 0
sbx session exec "$sid" -e 'kept * 2n'
expect_rc 125
expect_err_contains "BigInt literal (line 1)"
expect_err_contains "'sbx run --engine node'"
sbx session exec "$sid" --json -e '[typeof BigInt, kept + 1]'
expect_json .result '["undefined", 42]'

# The same over the HTTP API: a run's record, and a session's refusal.
if command -v curl >/dev/null; then
	. "$TESTS_DIR/serve_lib.sh"
	start_server
	api POST /v1/run '{"language":"js","code":"2n ** 70n","timeout":300}'
	expect_code 200
	expect_jq '.engine == "node" and .result == "1180591620717411303424" and (.engine_reason | contains("BigInt literal"))'
	api POST /v1/sessions '{"language":"javascript","name":"auto"}'
	expect_code 200
	api POST /v1/sessions/auto/executions '{"code":"/(?<=a)b/.test(\"ab\")","timeout":300}'
	check "the API refuses node-only code in a session ($code)" test "$code" -ge 400 -a "$code" -lt 500
	expect_out_contains "lookbehind (line 1)"
	stop_server
fi

finish
