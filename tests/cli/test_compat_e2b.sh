#!/bin/sh
# sbx serve --compat e2b: E2B's unmodified SDK (@e2b/code-interpreter from
# npm, pinned by tests/compat/e2b/package-lock.json) configured by the
# environment only (E2B_API_URL, E2B_API_KEY, E2B_SANDBOX_URL) runs the
# issue's script against a server this test starts: files.write, runCode
# (results, streams, errors, contexts), files.list/read/remove, the
# control plane (list, getInfo, kill) and what is not mapped. Plus curl for
# what the SDK does not show: the token, E2B's error shape, uploads of
# several files, the routes off without --compat, the history.
. "$(dirname "$0")/../lib.sh"

# Sessions run bash and other languages beside their own (the workspace,
# merged from int): the client checks commands.run('ls -la'), a failing
# command, a cwd, and runCode in R, JavaScript, TypeScript and Java. 0 checks
# instead that commands.run is refused (an sbx without workspaces).
E2B_WORKSPACE_LANGUAGES=1

npm_from_lock compat/e2b e2b @e2b/code-interpreter
check "@e2b/code-interpreter is installed (npm ci of tests/compat/e2b/package-lock.json)" \
	test -d "$npm_dir/node_modules/@e2b/code-interpreter"

head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$T_TMP/token"
TOKEN=$(cat "$T_TMP/token")
start_server serve --listen 127.0.0.1:0 --token-file "$T_TMP/token" \
	--compat e2b --max-concurrent 2
URL=$SERVER_URL

flags=
python3 -c "import pandas" 2>/dev/null && flags="--pandas"
[ "$E2B_WORKSPACE_LANGUAGES" = 1 ] && flags="$flags --bash"
cp "$ROOT_DIR/tests/compat/e2b/client.mjs" "$npm_dir/client-$$.mjs"
# shellcheck disable=SC2086 # the flags are words
E2B_API_URL="$URL/e2b" E2B_API_KEY="$TOKEN" E2B_SANDBOX_URL="$URL/t/$TOKEN/e2b" \
	node "$npm_dir/client-$$.mjs" $flags >"$T_TMP/client.out" 2>"$T_TMP/client.err"
client_rc=$?
rm -f "$npm_dir/client-$$.mjs"
T_LAST="node tests/compat/e2b/client.mjs $flags"
client_checks "the SDK" "$([ "$E2B_WORKSPACE_LANGUAGES" = 1 ] && echo 51 || echo 44)"

# The token: the control plane takes it as X-API-KEY (E2B_API_KEY), the
# sandbox's routes in the URL (the SDK sends no key to /contexts).
code=$(curl -s -o "$T_TMP/body" -w '%{http_code}' "$URL/e2b/v2/sandboxes")
out=$(cat "$T_TMP/body")
T_LAST="GET /e2b/v2/sandboxes without a key"
check "no key is a 401" test "$code" = 401
expect_json .code 401
code=$(curl -s -o /dev/null -w '%{http_code}' -H "X-API-KEY: not-the-token" "$URL/e2b/v2/sandboxes")
check "a wrong X-API-KEY is a 401" test "$code" = 401
code=$(curl -s -o /dev/null -w '%{http_code}' -H "X-API-KEY: $TOKEN" "$URL/e2b/v2/sandboxes")
check "the right X-API-KEY is a 200" test "$code" = 200
code=$(curl -s -o /dev/null -w '%{http_code}' -H "E2b-Sandbox-Id: s000000000000000000000000" \
	"$URL/t/wrong/e2b/contexts")
check "a wrong token in the sandbox URL is a 401" test "$code" = 401
check "the token is not in the server's log" sh -c '! grep -q "$1" "$2"' _ "$TOKEN" "$T_TMP/serve.log"

# Several files in one multipart upload (files.write([...])), as curl -F
# sends them; then the workspace has them.
B="$URL/t/$TOKEN/e2b"
sid=$(curl -s -X POST -H "X-API-KEY: $TOKEN" "$URL/e2b/v2/sandboxes" -d '{}' | jq -r .sandboxID)
T_LAST="POST /e2b/v2/sandboxes"
check "a sandbox for curl ($sid)" test "${sid#s}" != "$sid"
printf 'x' >"$T_TMP/one"
printf 'yy' >"$T_TMP/two"
out=$(curl -s -X POST -H "E2b-Sandbox-Id: $sid" -F "file=@$T_TMP/one;filename=/home/user/a/one" \
	-F "file=@$T_TMP/two;filename=b/two" "$B/files")
T_LAST="POST /files with two files"
expect_jq '[.[].path] == ["/home/user/a/one", "/home/user/b/two"]'
out=$(curl -s -H "E2b-Sandbox-Id: $sid" "$B/files?path=/home/user/b/two")
check "the second file's bytes" test "$out" = yy
out=$(curl -s -X POST -H "E2b-Sandbox-Id: $sid" -H 'Content-Type: multipart/form-data; boundary=zz' \
	--data-binary "$(printf -- '--zz\r\nContent-Disposition: form-data; name="file"; filename="c"\r\n\r\nno end')" \
	"$B/files")
T_LAST="POST /files, a multipart body without its closing boundary"
expect_jq '.code == 400 and (.message | test("closing boundary"))'
out=$(curl -s -X POST -H "E2b-Sandbox-Id: $sid" -H 'Content-Type: application/json' \
	-d '{"path":"../x"}' "$B/filesystem.Filesystem/ListDir")
T_LAST="ListDir ../x (Connect, JSON)"
expect_jq '.code == "invalid_argument"'
out=$(curl -s -X POST -H "E2b-Sandbox-Id: $sid" -H 'Content-Type: application/json' -d '{}' \
	"$B/process.Process/SendSignal")
T_LAST="process.Process/SendSignal"
expect_jq '.code == "unimplemented" and (.message | test("foreground"))'
# A stopped session (its daemon gone) runs the next execution all the
# same: the `sbx session exec` child starts it, as for the native route.
"$SBX" session stop "$sid" >/dev/null 2>&1
out=$(curl -s -X POST -H "E2b-Sandbox-Id: $sid" -H "X-API-KEY: $TOKEN" "$URL/e2b/v2/sandboxes/$sid" \
	-X GET)
T_LAST="GET /e2b/v2/sandboxes/ID of a stopped session"
expect_json .state '"paused"'
out=$(curl -s -X POST -H "E2b-Sandbox-Id: $sid" -d '{"code":"print(open(\"b/two\").read())\n6*7"}' \
	"$B/execute")
T_LAST="POST /execute in the stopped session"
# (print's text may come in more than one stdout line: as it was written)
lines=$out
out=$(printf '%s' "$lines" | jq -sc '[.[] | .type] | unique')
expect_out '["end_of_execution","number_of_executions","result","stdout"]'
out=$(printf '%s' "$lines" | jq -sc '[([.[] | select(.type == "stdout") | .text] | add),
	(.[] | select(.type == "result") | .text, .is_main_result), .[-1].type]')
expect_out '["yy\n","42",true,"end_of_execution"]'
code=$(curl -s -o /dev/null -w '%{http_code}' -X DELETE -H "X-API-KEY: $TOKEN" "$URL/e2b/sandboxes/$sid")
check "DELETE /sandboxes/ID is a 204" test "$code" = 204

# Every runCode is a session execution in the history, as a native one is
# (the client's fifteen that reach a sandbox).
n=$("$SBX" history export 2>/dev/null | jq -s 'length')
T_LAST="sbx history export"
check "every runCode is in the history ($n of 15)" test "${n:-0}" -ge 15

# Without --compat e2b the routes are not served.
start_server plain --listen "unix:$T_TMP/plain.sock"
code=$(curl -s -o "$T_TMP/body" -w '%{http_code}' --unix-socket "$T_TMP/plain.sock" http://sbx/e2b/v2/sandboxes)
out=$(cat "$T_TMP/body")
stop_server plain
T_LAST="GET /e2b/v2/sandboxes without --compat"
check "without --compat e2b the route is a 404" test "$code" = 404
expect_jq '.message | test("--compat e2b")'

finish
