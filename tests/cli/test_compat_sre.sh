#!/bin/sh
# sbx serve --compat sre: SmythOS SRE's ECMASandbox connector (Settings:
# { sandboxUrl }) runs an agent's code components in sbx. SRE itself is
# started by tests/compat/sre/client.mjs (installed from the lock file):
# the token is in the sandboxUrl (/t/TOKEN), as SRE sends no header. curl
# for what the client does not show: the body checks, the route off
# without --compat, a record in the history for every execution.
. "$(dirname "$0")/../lib.sh"

npm_from_lock compat/sre sre @smythos/sre
check "SRE is installed (npm ci of tests/compat/sre/package-lock.json)" \
	test -d "$npm_dir/node_modules/@smythos/sre"

head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$T_TMP/token"
TOKEN=$(cat "$T_TMP/token")
start_server serve --listen 127.0.0.1:0 --token-file "$T_TMP/token" \
	--compat sre --max-concurrent 2
URL=$SERVER_URL
SANDBOX_URL="$URL/t/$TOKEN/sre/execute"

# SRE's JSON vault needs a file (no keys: no model is called).
echo '{"default": {}}' >"$T_TMP/vault.json"
cp "$ROOT_DIR/tests/compat/sre/client.mjs" "$npm_dir/client-$$.mjs"
(cd "$T_TMP" && node "$npm_dir/client-$$.mjs" "$SANDBOX_URL" "$T_TMP/vault.json" \
	>"$T_TMP/client.out" 2>"$T_TMP/client.err" </dev/null)
client_rc=$?
rm -f "$npm_dir/client-$$.mjs"
T_LAST="node tests/compat/sre/client.mjs"
client_checks SRE 5

# The body as SRE sends it, and what is refused.
code=$(curl -s -o "$T_TMP/body" -w '%{http_code}' -X POST "$SANDBOX_URL" \
	-H 'Content-Type: application/json' -d '{"code":"(async () => { return 6 * 7; })();"}')
out=$(cat "$T_TMP/body")
T_LAST="POST /sre/execute"
check "an execution is a 200" test "$code" = 200
expect_json .Output 42
code=$(curl -s -o "$T_TMP/body" -w '%{http_code}' -X POST "$SANDBOX_URL" -d '{"source":"1"}')
out=$(cat "$T_TMP/body")
check "a body without code is a 400" test "$code" = 400
expect_jq '.error.message | test("\"code\"")'
code=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$URL/sre/execute" -d '{"code":"1"}')
check "without the token it is a 401" test "$code" = 401
# Every execution is in the history (the client's five and curl's one).
n=$("$SBX" history export 2>/dev/null | jq -s 'length')
T_LAST="sbx history export"
check "every execution is in the history ($n of 6)" test "${n:-0}" -ge 6

finish
