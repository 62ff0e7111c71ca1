#!/bin/sh
# Hostile JavaScript must be contained: every run ends with the right status
# and exit code, and nothing of the host is reachable. Short limits keep the
# suite fast; no test depends on timing beyond "the limit is reached".
. "$(dirname "$0")/../lib.sh"

# CPU hogs: the wall limit stops them, even when the loop catches errors.
sbx run -t 1 -e 'while (true) {}' --json
expect_rc 124
expect_json .status '"timeout"'
sbx run -t 1 -e 'for (;;) { try { for (;;) {} } catch (e) {} }' --json
expect_rc 124
expect_json .status '"timeout"'
sbx run -t 1 -e 'setInterval(function () {}, 0)' --json
expect_rc 124
expect_json .status '"timeout"'
sbx run -t 1 -e 'setTimeout(function () {}, 1e9)' --json
expect_rc 124
expect_json .status '"timeout"'

# Memory bombs: memory_limit, not a catchable RangeError; output so far kept.
# Filling 32M takes ~1 s of CPU (Duktape copies its array part as it grows):
# a long wall limit keeps a loaded machine from turning it into a timeout.
sbx run -m 32M -t 120 -e 'var a = []; for (;;) a.push(1.5)' --json
expect_rc 137
expect_json .status '"memory_limit"'
sbx run -m 32M -t 120 -e 'console.log("start"); var a = []; for (;;) a.push({n: a.length})' --json
expect_rc 137
expect_json .status '"memory_limit"'
expect_json .stdout '"start\n"'
sbx run -m 32M -t 120 -e 'var s = "x"; for (;;) s = s + s' --json
expect_rc 137
expect_json .status '"memory_limit"'
sbx run -m 32M -t 120 -e 'var s = "x"; try { for (;;) s = s + s } catch (e) { console.log("caught") } 1' --json
expect_rc 137
expect_json .status '"memory_limit"'
expect_json .stdout '""'
sbx run -m 32M -t 120 -e 'new ArrayBuffer(1024 * 1024 * 1024)' --json
expect_rc 137
expect_json .status '"memory_limit"'
sbx run -m 32M -t 120 -e 'var a = new Array(1e9); a.fill(1)' --json
expect_jq '.status == "memory_limit" or .status == "error"'

# Deep recursion: Duktape's call-stack limit, a normal error.
sbx run -e 'function f(n) { return f(n + 1) + 1 } f(0)' --json
expect_rc 1
expect_json .error.name '"RangeError"'
sbx run -e 'var o = {}; o.toString = function () { return String(o) }; String(o)' --json
expect_rc 1
expect_json .status '"error"'
sbx run -e 'var a = []; for (var i = 0; i < 100000; i++) a = [a]; JSON.stringify(a)' --json
expect_jq '.status == "error" and .exit_code == 1'

# Output floods: stopped at the hard cap, the kept part returned.
sbx run -t 5 --max-output 64k -e 'for (;;) console.log("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")' --json
expect_rc 141
expect_json .status '"output_limit"'
expect_json .truncated.stdout true
expect_jq '(.stdout | length) == 65536'
sbx run -t 5 --max-output 64k -e 'for (;;) console.error("yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy")' --json
expect_rc 141
expect_json .status '"output_limit"'
expect_json .truncated.stderr true

# The host is out of reach: no require, process, module loader or Duktape.
# The policy would block some of these before they run; the escape tests
# prove the sandbox itself, so the policy only warns here.
printf 'policy:\n  js.prototype_pollution: warn\n' >"$T_TMP/warn.yaml"
export SBX_CONFIG="$T_TMP/warn.yaml"
for expr in 'typeof Duktape' 'typeof fs' \
	'this.constructor.constructor("return typeof Duktape")()' \
	'Function("return typeof fs")()' '(0, eval)("typeof Duktape")' \
	'typeof process.binding' 'typeof process.dlopen' 'typeof process.kill' \
	'typeof process.mainModule' 'typeof process.chdir' 'typeof process.stdin.read'; do
	sbx run -e "$expr" --json
	expect_json .result '"undefined"'
done
# process is the prelude's: the host environment never reaches it.
SBX_ESCAPE_PROBE=secret sbx run -e 'JSON.stringify(process.env) + process.cwd()' --json
expect_json .result '"{}/"'
# require() is the prelude's: node's pure core modules (assert, util,
# events, path), written in JavaScript; every module that would reach the
# host is refused, however it is named or reached.
for m in fs node:fs fs/promises child_process node:child_process net http https \
	dgram dns os vm worker_threads cluster process module inspector v8; do
	sbx run -e "require('$m')" --json
	expect_rc 1
	expect_json .error.name '"Error"'
	expect_jq '.error.message | test("Cannot load module .*without access to")'
done
sbx run -e 'Function("return require")()("child_process")' --json
expect_rc 1
expect_jq '.error.message | test("without access to processes")'
sbx run -e '[typeof require("util").inspect, typeof require("events"), typeof module.exports]' --json
expect_json .result '["function","function","object"]'
unset SBX_CONFIG
# The strict profile refuses the Function-constructor escape outright; by
# default it runs (the sandbox is the wall), and so does the common idiom
# that only reads a name through it.
sbx run --policy strict -e 'this.constructor.constructor("return typeof Duktape")()' --json
expect_rc 126
expect_json .status '"blocked"'
sbx run -e 'this.constructor.constructor("return typeof Duktape")()' --json
expect_rc 0
expect_json .result '"undefined"'
expect_json '.findings[0].rule' '"js.dynamic_code"'
sbx run -e 'var xs = [1]; xs.constructor.constructor.name' --json
expect_json .result '"Function"'
sbx run --policy strict -e 'var xs = [1]; xs.constructor.constructor.name' --json
expect_rc 126
# A name the code computes passes the scan (it is advisory); the sandbox
# still holds: Function reaches nothing of the host.
sbx run --policy strict -e 'var c = "constr" + "uctor"; [][c][c]("return typeof Duktape")()' --json
expect_rc 0
expect_json .result '"undefined"'
sbx run -e 'Duktape.modSearch("fs")' --json
expect_rc 1
expect_json .error.name '"ReferenceError"'
sbx run -e 'require("child_process").execSync("id")' --json
expect_rc 1
expect_jq '.error.message | test("Cannot load module .child_process.")'
sbx run -e 'process.exit(3)' --json
expect_rc 3
expect_json .exit_code 3
# The sandbox's own hooks are not globals either.
sbx run -e 'typeof runLoop + typeof describeError + typeof N + typeof write' --json
expect_json .result '"undefinedundefinedundefinedundefined"'
# The sandbox record says seccomp was in force.
sbx run -e '1' --json
expect_json .sandbox.seccomp true
# Local time is UTC: the host's time zone file is never read (that would be
# a blocked syscall).
sbx run -e 'new Date(0).getHours() + new Date(0).getTimezoneOffset()' --json
expect_rc 0
expect_json .result 0
# Breaking the runtime from inside only breaks the code's own output.
sbx run -e 'Array.prototype.join = null; JSON.stringify = null; console.log = null; 5' --json
expect_rc 0
expect_json .result 5

finish
