#!/bin/sh
# deploy checks syntax with each language's parser and builds before it
# stores; a Java deployment carries its classes and runs from them.
. "$(dirname "$0")/../lib.sh"

sbx deploy -n bad-py -l python -e 'def f(:
    pass'
expect_rc 1
expect_err_contains "not deployed: SyntaxError"
sbx deploy -n bad-js -e 'var x = ;'
expect_rc 1
expect_err_contains "not deployed"
sbx deploy -n bad-java -l java -e 'class A { void f() { int x = ; } }'
expect_rc 1
expect_err_contains "not deployed: CompileError: illegal start of expression (line 1)"
sbx list --json
expect_jq 'length == 0'

# prepare checks TypeScript through the lowering and Java through javac,
# in the sandbox, without running anything.
sbx prepare -l ts -e 'const x: number = ;' --json
expect_rc 1
expect_json .syntax.checker '"duktape"'
expect_json .syntax.error.line 1
sbx prepare -l ts -e 'const x: number = 1; console.log("printed-by-code-7f3"); x' --json
expect_rc 0
expect_json .syntax.ok true
check "prepare does not run the code" sh -c '! printf "%s" "$1" | grep -q printed-by-code-7f3' _ "$out"
sbx prepare -l java -e 'class A { public static void main(String[] a) { System.out.println("ran"); } }' --json
expect_rc 0
expect_json .syntax '{"checked":true,"ok":true,"checker":"javac","error":null,"note":null}'
sbx prepare -l java -e 'class A { void f() { int x = ; } }' --json
expect_rc 1
expect_json .syntax.error.line 1

# A runtime error is not a build error: such code is stored.
sbx deploy -n thrower -e 'throw new Error("boom")'
expect_rc 0

sbx deploy -n hello-java "$ROOT_DIR/examples/Hello.java" --json
expect_rc 0
expect_jq '[.artefacts[] | select(.kind == "java-class")] | length >= 2'
expect_jq 'all(.artefacts[]; .sha256 | test("^[0-9a-f]{64}$"))'
# On a machine whose cache is empty, the run starts from the artefacts.
rm -rf "$SBX_STATE_DIR/cache/java"
sbx exec-deployment hello-java --json
expect_rc 0
expect_json .compile.cached true
expect_out_contains "Hello from Java"

# TypeScript deployments carry their lowered code the same way.
sbx deploy -n shapes "$ROOT_DIR/examples/shapes.ts" --json
expect_rc 0
expect_jq '.artefacts | map(.kind) == ["lowered-javascript"]'
rm -rf "$SBX_STATE_DIR/cache/js"
sbx exec-deployment shapes --json
expect_rc 0
expect_json .result '{"count":2,"total":9.14}'
check "the lowered code is back in the cache" test "$(ls "$SBX_STATE_DIR/cache/js" | wc -l)" -eq 1
sbx deploy -n plain -e 'return 1' --json
expect_jq '.artefacts == []'
finish
