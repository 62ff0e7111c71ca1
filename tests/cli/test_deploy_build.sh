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
expect_err_contains "not deployed: the build failed at line 1"
sbx list --json
expect_jq 'length == 0'

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
finish
