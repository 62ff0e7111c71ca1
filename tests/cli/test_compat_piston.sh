#!/bin/sh
# sbx serve --compat piston: the Piston API (GET /api/v2/runtimes, POST
# /api/v2/execute) driven by the unmodified piston-client from npm (pinned
# by tests/compat/piston/package-lock.json), which sends no header: the
# token is in its base URL (/t/TOKEN). Plus curl for what the client does
# not show: Piston's errors, the token, the routes off without --compat,
# and a record in the history for every execution.
. "$(dirname "$0")/../lib.sh"

npm_from_lock compat/piston piston piston-client
check "piston-client is installed (npm ci of tests/compat/piston/package-lock.json)" \
	test -d "$npm_dir/node_modules/piston-client"

head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$T_TMP/token"
TOKEN=$(cat "$T_TMP/token")
start_server serve --listen 127.0.0.1:0 --token-file "$T_TMP/token" \
	--compat piston --max-concurrent 2
URL=$SERVER_URL
BASE="$URL/t/$TOKEN"

cp "$ROOT_DIR/tests/compat/piston/client.mjs" "$npm_dir/client-$$.mjs"
node "$npm_dir/client-$$.mjs" "$BASE" >"$T_TMP/client.out" 2>"$T_TMP/client.err"
client_rc=$?
rm -f "$npm_dir/client-$$.mjs"
T_LAST="node tests/compat/piston/client.mjs"
client_checks piston-client 10

# Piston's own errors: 400 {"message"}.
code=$(curl -s -o "$T_TMP/body" -w '%{http_code}' -X POST "$BASE/api/v2/execute" -d '{"language":"python"}')
out=$(cat "$T_TMP/body")
T_LAST="POST /api/v2/execute without a version"
check "a bad request is a 400" test "$code" = 400
expect_json .message '"version is required as a string"'
code=$(curl -s -o "$T_TMP/body" -w '%{http_code}' -X POST "$BASE/api/v2/execute" \
	-d '{"language":"python","version":"*","files":[{"content":1}]}')
out=$(cat "$T_TMP/body")
expect_json .message '"files[0].content is required as a string"'
code=$(curl -s -o "$T_TMP/body" -w '%{http_code}' -X POST "$BASE/api/v2/execute" \
	-d '{"language":"python","version":"*","files":[{"content":"1"}],"run_timeout":-5}')
out=$(cat "$T_TMP/body")
expect_json .message '"run_timeout must be non-negative"'
# The token: a wrong one in the URL, or none at all, is refused.
code=$(curl -s -o /dev/null -w '%{http_code}' "$URL/t/not-the-token/api/v2/runtimes")
check "a wrong token in the URL is a 401" test "$code" = 401
code=$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/v2/runtimes")
check "no token is a 401" test "$code" = 401
code=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$URL/api/v2/runtimes")
check "the bearer header works too" test "$code" = 200
check "the token is not in the server's log" sh -c '! grep -q "$1" "$2"' _ "$TOKEN" "$T_TMP/serve.log"
# Every execution is in the history, as a native run is.
# (the client's eight runs: python twice and once more with two files,
# javascript, c++, go, c, bash)
n=$("$SBX" history export 2>/dev/null | jq -s 'length')
T_LAST="sbx history export"
check "every execution is in the history ($n of 8)" test "${n:-0}" -ge 8

# Without --compat the routes are not served.
start_server plain --listen "unix:$T_TMP/plain.sock"
code=$(curl -s -o "$T_TMP/body" -w '%{http_code}' --unix-socket "$T_TMP/plain.sock" http://sbx/api/v2/runtimes)
out=$(cat "$T_TMP/body")
stop_server plain
T_LAST="GET /api/v2/runtimes without --compat"
check "without --compat piston the route is a 404" test "$code" = 404
expect_jq '.message | test("--compat piston")'

finish
