#!/bin/sh
# ES modules (issue 34): a file, -e or a session execution with
# import/export runs as node runs a module — its exports are kept, not an
# error; node's pure core modules import as they require; a host module
# fails as require does; require inside a module is node's ReferenceError;
# --policy strict treats an import as the require of the same name. The
# output itself is compared with node by the differential corpus
# (tests/diff/js/esm_*.js, err_esm_require.js).
. "$(dirname "$0")/../lib.sh"
T=300

cat >"$T_TMP/mod.mjs" <<'JS'
import assert from 'node:assert';
import { format } from 'util';
export const answer = 42;
export default function twice(x) { return 2 * x; }
assert.ok(answer);
console.log(format('%d %d', answer, twice(answer)));
JS
sbx run -t $T "$T_TMP/mod.mjs"
expect_rc 0
expect_out "42 84"
cp "$T_TMP/mod.mjs" "$T_TMP/mod.js"
sbx run -t $T --json "$T_TMP/mod.js"
expect_rc 0
expect_json .stdout '"42 84\n"'
expect_json .language '"javascript"'
sbx run -t $T -l ts --json -e 'import { inspect } from "util"; export const n: number = 3; inspect([n])'
expect_rc 0
expect_json .result '"[ 3 ]"'

# A host module fails as require does; an unknown package as node's does.
sbx run -t $T --json -e 'import fs from "fs"; fs.readFileSync("/etc/passwd")'
expect_rc 1
expect_jq '.error.message | test("Cannot load module .fs.")'
sbx run -t $T --json -e 'import _ from "lodash"; _.chunk([1], 1)'
expect_rc 1
expect_jq '.error.message | test("Cannot find package .lodash. imported from ")'
expect_jq '.error.traceback | test("^Error \\[ERR_MODULE_NOT_FOUND\\]")'
expect_jq '.error.hint | test("no npm packages")'
# require inside a module: node's ReferenceError, after what ran before it.
sbx run -t $T --json -e 'export const a = 1; console.log("before"); require("util")'
expect_rc 1
expect_json .stdout '"before\n"'
expect_json .error.name '"ReferenceError"'
expect_jq '.error.message == "require is not defined in ES module scope, you can use import instead"'
sbx run -t $T -e 'export {}; console.log(typeof this)'
expect_out "undefined"

# Sessions: a module execution's declarations stay.
sbx session create -l js -n esm
expect_rc 0
sbx session exec esm -t $T -e 'import { format } from "util"; export function sq(x) { return format("%d", x * x); }'
expect_rc 0
sbx session exec esm -t $T --json -e 'sq(9)'
expect_json .result '"81"'
sbx session delete esm

# --policy strict: an import of a core module is not module loading.
sbx run -t $T --policy strict "$T_TMP/mod.js"
expect_rc 0
sbx run -t $T --policy strict -e 'import cp from "child_process"; cp.x'
expect_rc 126
expect_err_contains "js.module_loading"

# Under node a .js file with import/export runs as a module too.
sbx run -t $T --engine node "$T_TMP/mod.js"
expect_rc 0
expect_out "42 84"
finish
