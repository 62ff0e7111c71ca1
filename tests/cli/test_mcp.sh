#!/bin/sh
# sbx mcp: the Model Context Protocol server on stdio. Raw JSON-RPC checks
# (exact error codes, version negotiation, limits), then the official MCP
# TypeScript SDK client (tests/mcp/client.mjs, pinned by
# tests/mcp/package-lock.json) driving every tool.
. "$(dirname "$0")/../lib.sh"

INIT='{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"sh","version":"1"}}}'

# mcp LINES... — one sbx mcp session fed these lines; its responses in $out.
mcp() {
	_in=$(printf '%s\n' "$@")
	sbx_in "$_in
" mcp
}

# reply ID JQ EXPECTED — the response with this id, through jq.
reply() {
	_got=$(printf '%s\n' "$out" | jq -c "select(.id == $1) | $2" 2>/dev/null)
	_want=$(printf '%s' "$3" | jq -c . 2>/dev/null || printf '%s' "$3")
	if [ "$_got" = "$_want" ]; then _pass; else _fail "reply $1: $2 is '$_got', expected '$_want'"; fi
}

# --- the handshake and version negotiation ------------------------------
mcp "$INIT" '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
	'{"jsonrpc":"2.0","id":1,"method":"ping"}'
expect_rc 0
reply 0 .result.protocolVersion '"2025-11-25"'
reply 0 .result.capabilities.tools '{"listChanged":false}'
reply 0 .result.serverInfo.name '"sbx"'
reply 1 .result '{}'
check "the initialized notification is not answered" test "$(printf '%s\n' "$out" | wc -l)" -eq 2

for v in 2025-06-18 2025-03-26 2024-11-05; do
	mcp '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"'$v'","capabilities":{}}}'
	reply 0 .result.protocolVersion "\"$v\""
done
# A version sbx does not speak: it answers its newest; the client decides.
mcp '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"1999-01-01","capabilities":{}}}'
reply 0 .result.protocolVersion '"2025-11-25"'
mcp '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":5}}'
reply 0 .error.code -32602
reply 0 '.error.message | test("protocolVersion")' true
mcp '{"jsonrpc":"2.0","id":0,"method":"initialize"}'
reply 0 .error.code -32602

# The stateless revision (2026-07-28): no handshake, the version in every
# request's _meta, server/discover; results say resultType.
META='"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}'
mcp '{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{'"$META"'}}' \
	'{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{'"$META"'}}' \
	'{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2030-01-01"}}}' \
	'{"jsonrpc":"2.0","id":4,"method":"initialize","params":{"protocolVersion":"2026-07-28","capabilities":{}}}'
reply 1 .result.supportedVersions '["2026-07-28","2025-11-25","2025-06-18","2025-03-26","2024-11-05"]'
reply 1 .result.capabilities.tools '{"listChanged":false}'
reply 1 .result.resultType '"complete"'
reply 2 '.result.tools | length' 15
reply 2 .result.resultType '"complete"'
reply 3 .error.code -32022
reply 3 .error.data.requested '"2030-01-01"'
# initialize asking for the stateless revision gets the newest with a handshake
reply 4 .result.protocolVersion '"2025-11-25"'

# --- malformed messages: exact JSON-RPC codes -----------------------------
mcp 'not json' '{"jsonrpc":"2.0","id":1,"method":"ping"}'
reply null .error.code -32700
reply 1 .result '{}'
mcp '[{"jsonrpc":"2.0","id":1,"method":"ping"}]'
reply null .error.code -32600
mcp '{"jsonrpc":"1.0","id":2,"method":"ping"}'
reply 2 .error.code -32600
mcp '{"jsonrpc":"2.0","id":null,"method":"ping"}' '{"jsonrpc":"2.0","id":1.5,"method":"ping"}'
check "a null or fractional id gets -32600 with id null" \
	test "$(printf '%s\n' "$out" | jq -c 'select(.id == null) | .error.code' | tr '\n' ' ')" = "-32600 -32600 "
mcp '{"jsonrpc":"2.0","id":3}'
reply 3 .error.code -32600
mcp '{"jsonrpc":"2.0","id":4,"method":7}'
reply 4 .error.code -32600
mcp "$INIT" '{"jsonrpc":"2.0","id":5,"method":"resources/list"}'
reply 5 .error.code -32601
reply 5 '.error.message | test("resources/list")' true
mcp '{"jsonrpc":"2.0","id":6,"method":"tools/list"}'
reply 6 .error.code -32600
reply 6 '.error.message | test("initialize")' true
mcp "$INIT" '{"jsonrpc":"2.0","id":7,"method":"tools/list","params":[1]}'
reply 7 .error.code -32602
mcp "$INIT" '{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"arguments":{}}}'
reply 8 .error.code -32602
reply 8 '.error.message | test("params.name")' true
mcp "$INIT" '{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"run_code","arguments":[]}}'
reply 9 .error.code -32602
reply 9 '.error.message | test("params.arguments")' true
mcp "$INIT" '{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"rm_rf"}}'
reply 10 .error.code -32602
reply 10 '.error.message | test("rm_rf")' true
# Notifications are never answered, not even wrong ones.
mcp '{"jsonrpc":"2.0","method":"notifications/whatever"}' '{"jsonrpc":"2.0","method":"x","params":3}'
expect_out ""
# Deep nesting is refused before parsing.
deep=$(printf '%0100d' 0 | tr 0 '[')
mcp "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"ping\",\"params\":{\"a\":$deep}}"
reply null .error.code -32600
reply null '.error.message | test("nested deeper than 64")' true

# An oversized line is answered once, skipped, and the next one served.
big=$(head -c 6000 /dev/zero | tr '\0' 'x')
out=$(printf '%s\n%s\n' "{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"ping\",\"params\":{\"p\":\"$big\"}}" \
	'{"jsonrpc":"2.0","id":13,"method":"ping"}' | "$SBX" mcp --max-message 4k 2>/dev/null)
T_LAST="sbx mcp --max-message 4k (oversized line)"
reply null .error.code -32600
reply null '.error.message | test("longer than 4096 bytes")' true
reply 13 .result '{}'

# --- the command line ---------------------------------------------------
sbx mcp -h
expect_rc 0
expect_out_contains "--max-concurrent"
sbx mcp extra
expect_rc 125
sbx mcp --max-concurrent 0
expect_rc 125
sbx mcp --max-message 1
expect_rc 125

# --- the official MCP SDK client, every tool ------------------------------
# Installed from the lock file (exact versions, integrity hashes) into
# build/npm-mcp, once; scripts of packages are never run.
npm_from_lock mcp mcp @modelcontextprotocol/sdk
check "the MCP SDK is installed (npm ci of tests/mcp/package-lock.json)" \
	test -d "$npm_dir/node_modules/@modelcontextprotocol/sdk"

sbx deploy -n double -e 'return inputs.a * 2'
expect_rc 0
have_sessions=0
"$SBX" help session >/dev/null 2>&1 && have_sessions=1
cp "$ROOT_DIR/tests/mcp/client.mjs" "$npm_dir/client-$$.mjs"
node "$npm_dir/client-$$.mjs" "$SBX" "$SBX_STATE_DIR" "$have_sessions" >"$T_TMP/client.out" 2>"$T_TMP/client.err"
client_rc=$?
rm -f "$npm_dir/client-$$.mjs"
T_LAST="node tests/mcp/client.mjs"
client_checks "the SDK client" 25

finish
