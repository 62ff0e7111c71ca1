#!/bin/sh
# A JavaScript program of several files on Duktape (issue 34): the files
# given with -f are its modules, read by sbx before the sandboxed child
# starts (by the session's daemon, for a session's kernel); the child has
# no open(2), so an import or require can reach those files and nothing
# else: not a file beside them that was not given, not one above the
# working directory, not an absolute host path.
. "$(dirname "$0")/../lib.sh"

w=$T_TMP/w
mkdir -p "$w/lib" "$T_TMP/outside"
printf 'export const hello = (n) => "hello " + n;\n' >"$w/lib/greet.js"
printf 'module.exports = { n: 42 };\n' >"$w/num.cjs"
printf 'module.exports = "SECRET-beside";\n' >"$w/beside.js"
printf 'module.exports = "SECRET-outside";\n' >"$T_TMP/outside/secret.js"
cd "$w" || exit 1

# The run's own modules load (import, require, a subdirectory).
printf 'import { hello } from "./lib/greet.js";\nimport num from "./num.cjs";\nconsole.log(hello(num.n));\n' >main.js
sbx run -f lib/greet.js:lib/greet.js -f num.cjs main.js
expect_rc 0
expect_out "hello 42"

# Nothing that was not given: a file beside them, above the working
# directory, an absolute host path, a file: URL.
cat >probe.js <<PROBE
const tries = ['./beside.js', '../outside/secret.js', '../../outside/secret',
  '$T_TMP/outside/secret.js', '/etc/passwd', '/etc/hostname'];
for (const t of tries) {
  try { console.log('LOADED', t, JSON.stringify(require(t))); } catch (e) { console.log(e.code); }
}
Promise.all(tries.concat(['file://$T_TMP/outside/secret.js', 'file:///etc/passwd']).map(
  (t) => import(t).then((m) => 'LOADED ' + JSON.stringify(m), (e) => e.code))).then((r) => console.log(r.join(' ')));
PROBE
sbx run -f num.cjs probe.js
expect_rc 0
check "no file outside the given ones was loaded" sh -c '! printf "%s" "$1" | grep -q -e LOADED -e SECRET' _ "$out"
check "each require failed as node's not found" test "$(printf '%s\n' "$out" | grep -c '^MODULE_NOT_FOUND$')" -eq 6
check "each import failed as node's not found" sh -c 'printf "%s" "$1" | grep -q "^ERR_MODULE_NOT_FOUND\( ERR_MODULE_NOT_FOUND\)\{7\}$"' _ "$out"

# A file that cannot be a module does nothing on Duktape: refused, as before.
echo data >data.txt
sbx run -f data.txt main.js
expect_rc 125
expect_err_contains "--file does not apply to javascript"

# A session's kernel cannot open files either: the daemon reads the
# execution's modules into its frame, and the same walls hold there.
sbx session create -l javascript
expect_rc 0
sid=$out
sbx session exec "$sid" -f lib/greet.js:lib/greet.js -f num.cjs main.js
expect_rc 0
expect_out "hello 42"
sbx session exec "$sid" -f num.cjs probe.js
expect_rc 0
check "a session loaded no file outside the given ones" sh -c '! printf "%s" "$1" | grep -q -e LOADED -e SECRET' _ "$out"
check "each require failed as node's not found in a session" test "$(printf '%s\n' "$out" | grep -c '^MODULE_NOT_FOUND$')" -eq 6
sbx session exec "$sid" -f data.txt main.js
expect_rc 125
expect_err_contains "--file does not apply to javascript"
sbx session delete "$sid"
expect_rc 0

finish
