#!/bin/sh
# sbx prepare: syntax, policy findings, dependencies, transforms; text and
# JSON reports; exit 0 when runnable, 1 when not, 125 on bad usage.
. "$(dirname "$0")/../lib.sh"

# --- clean code: runnable, exit 0 ----------------------------------------
sbx prepare --json -e 'var a = 1; a + 1'
expect_rc 0
expect_json '.status' '"ok"'
expect_json '.runnable' true
expect_json '.language' '"javascript"'
expect_json '.syntax.ok' true
expect_json '.findings' '[]'
expect_json '.risk' 0
expect_jq '.code_sha256 | test("^[0-9a-f]{64}$")'

# text report: one aligned line per section
sbx prepare -e 'var a = 1; a + 1'
expect_rc 0
expect_out_contains "syntax        ok (duktape)"
expect_out_contains "verdict       runnable"

# --- syntax error: exit 1, with the line --------------------------------
sbx prepare --json -e 'var a = 1;
var = 2;'
expect_rc 1
expect_json '.status' '"syntax_error"'
expect_json '.syntax.error.name' '"SyntaxError"'
expect_json '.syntax.error.line' 2
sbx prepare -e 'return 1 +'
expect_rc 1
expect_out_contains "NOT RUNNABLE"

# --- policy: warn keeps it runnable, block does not -----------------------
sbx prepare --json -e 'var x = eval("1"); // process.exit() in a comment
var s = "require(\"fs\")"; x'
expect_rc 0
expect_json '[.findings[].rule]' '["js.dynamic_code"]'
expect_json '.findings[0].line' 1
expect_json '.findings[0].column' 9
expect_jq '.risk > 0 and .risk < 1'
# By default the scan only warns (the sandbox is the wall); the strict
# profile blocks, from the flag or from the config file.
sbx prepare --json -e 'var o = {}; o.__proto__.admin = true'
expect_rc 0
expect_json '.status' '"ok"'
expect_json '.findings[0].severity' '"warn"'
sbx prepare --json --policy strict -e 'var o = {}; o.__proto__.admin = true'
expect_rc 1
expect_json '.status' '"blocked"'
expect_json '.findings[0].severity' '"block"'
sbx prepare --policy strict -e 'var o = {}; o.__proto__.admin = true'
expect_rc 1
expect_out_contains "BLOCK  1:15  js.prototype_pollution"
printf 'policy:\n  profile: strict\n' >"$T_TMP/strict.yaml"
sbx prepare --json --config "$T_TMP/strict.yaml" -e 'eval("1")'
expect_rc 1
expect_json '.findings[0].rule' '"js.dynamic_code"'
sbx prepare --json --config "$T_TMP/strict.yaml" --policy default -e 'eval("1")'
expect_rc 0
sbx prepare --policy lax -e '1'
expect_rc 125
expect_err_contains "invalid --policy 'lax': use default or strict"
printf 'policy:\n  profile: lax\n' >"$T_TMP/bad.yaml"
sbx prepare --config "$T_TMP/bad.yaml" -e '1'
expect_rc 125
expect_err_contains "invalid policy.profile 'lax'"
# node's pure core modules are not module loading
sbx prepare --json -e 'const assert = require("assert"); const { format } = require("node:util"); 1'
expect_json '.findings' '[]'

# --- dependencies and transforms ------------------------------------------
sbx prepare --json -e 'var _ = require("lodash"); 1'
expect_json '.dependencies[0].name' '"lodash"'
expect_json '.dependencies[0].available' false
sbx prepare --json -e 'const f = (x) => x * 2; f(2)'
expect_json '.transforms[0].kind' '"lower"'
expect_json '.transforms[0].from' '"es2015+"'
sbx prepare --json -l ts -e 'let n: number = 1; n'
expect_json '.language' '"typescript"'
expect_json '.transforms[0].from' '"typescript"'
sbx prepare --json -l java -e 'import java.util.List; import org.acme.Thing;'
expect_json '[.dependencies[].available]' '[true,false]'

# --- Python / R: policy without running; the syntax checker when it can --
sbx prepare --json -l python -e 'import subprocess
s = "os.system(1)"  # eval(x)
subprocess.run(["ls"])'
expect_rc 0
expect_json '[.findings[].rule]' '["py.subprocess"]'
expect_json '.dependencies[0].name' '"subprocess"'
sbx prepare --json -l r -e 'library(stats); system("ls")'
expect_json '.findings[0].rule' '"r.system"'
expect_json '.dependencies[0].name' '"stats"'

# the sandboxed interpreter parses the code and looks up the modules
sbx prepare --json -l python -e 'import json, no_such_module_sbx
def f(:
    pass'
expect_rc 1
expect_json '.syntax.checker' '"python3 compile()"'
expect_json '.syntax.error.line' 2
expect_json '[.dependencies[].available]' '[true,false]'
sbx prepare --json -l r -e 'x <- c(1,
y z'
expect_rc 1
expect_json '.syntax.error.line' 2

# stdin and files
sbx_in 'eval("1")' prepare --json -
expect_rc 0
expect_json '.findings[0].rule' '"js.dynamic_code"'
printf 'import os\nos.system("id")\n' >"$T_TMP/x.py"
sbx prepare --json "$T_TMP/x.py"
expect_json '.language' '"python"'
expect_json '.findings[0].line' 2

# --- usage errors: 125 ------------------------------------------------------
sbx prepare
expect_rc 125
expect_err_contains "no code given"
sbx prepare --bogus -e 1
expect_rc 125
sbx prepare -h
expect_rc 0
expect_out_contains "prepare"

finish
