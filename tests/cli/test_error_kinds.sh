#!/bin/sh
# Typed errors: one failure has one kind on every front — the CLI's
# sbx_error record, the HTTP status and error body of sbx serve (and sbx
# --remote's record), and sbx mcp's tool result — looked up from the kind
# (core/error_kinds.c), never from the message's words.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"
T=300

start_server

# --- not_found: a deployment that does not exist -------------------------
sbx get nosuch --json
expect_rc 125
expect_json .error.kind '"not_found"'
api GET /v1/deployments/nosuch ""
expect_code 404
expect_json .error.kind '"not_found"'
expect_json .error.code '"sbx_error"'
sbx --remote "$ADDR" get nosuch --json
expect_rc 125
expect_json .error.kind '"not_found"'
sbx exec-deployment nosuch --json
expect_json .error.kind '"not_found"'
api POST /v1/deployments/nosuch/executions '{}'
expect_code 404
expect_json .error.kind '"not_found"'
sbx_in '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}
{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"exec_deployment","arguments":{"deployment":"nosuch"}}}
' mcp
mcp_kind=$(printf '%s\n' "$out" | jq -r 'select(.id == 1) | .result.structuredContent.error.kind')
check "MCP: the tool's result says not_found ($mcp_kind)" test "$mcp_kind" = not_found

# --- conflict: a session name taken --------------------------------------
sbx session create -l python -n taken
expect_rc 0
sbx session create -l python -n taken --json
expect_rc 125
expect_json .error.kind '"conflict"'
api POST /v1/sessions '{"language": "python", "name": "taken"}'
expect_code 409
expect_json .error.kind '"conflict"'
sbx session exec nope -t $T -e 1 --json
expect_json .error.kind '"not_found"'
api POST /v1/sessions/nope/executions '{"code": "1"}'
expect_code 404
expect_json .error.kind '"not_found"'
sbx_in '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}
{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_session","arguments":{"language":"python","name":"taken"}}}
{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"run_code","arguments":{"language":"python","code":"1","timeout":"abc"}}}
' mcp
mcp_kind=$(printf '%s\n' "$out" | jq -r 'select(.id == 1) | .result.structuredContent.error.kind')
check "MCP: create_session of a taken name says conflict ($mcp_kind)" test "$mcp_kind" = conflict
mcp_kind=$(printf '%s\n' "$out" | jq -r 'select(.id == 2) | .result.structuredContent.error.kind')
check "MCP: run_code with a bad timeout says invalid ($mcp_kind)" test "$mcp_kind" = invalid
sbx session delete taken
expect_rc 0

# --- invalid: code that does not parse is not deployed -------------------
# The command line exits 1 (as a failed check) with the record's kind; every
# front answers invalid (400), not an internal error, in every format.
sbx deploy -n unparsed -l python -e 'def (:' --json
expect_rc 1
expect_json .error.kind '"invalid"'
expect_json .error.message '"not deployed: SyntaxError: invalid syntax (line 1)"'
api POST /v1/deployments '{"name":"unparsed","language":"python","code":"def (:"}'
expect_code 400
expect_json .error.kind '"invalid"'
check "deploy of unparsable code: X-Sbx-Exit-Code 1, as sbx deploy exits ($(header X-Sbx-Exit-Code))" \
	test "$(header X-Sbx-Exit-Code)" = 1
for accept in text/plain application/x-ndjson; do
	out=$(curl -s --unix-socket "$SOCK" -H "Accept: $accept" -w '\n%{http_code}' \
		-D "$T_TMP/deploy_hdrs" \
		-d '{"name":"unparsed","language":"javascript","code":"function ("}' \
		http://sbx/v1/deployments)
	check "deploy of unparsable code, Accept $accept: 400 ($(printf '%s' "$out" | tail -n 1))" \
		test "$(printf '%s' "$out" | tail -n 1)" = 400
	check "deploy of unparsable code, Accept $accept: X-Sbx-Exit-Code 1" \
		grep -qix 'X-Sbx-Exit-Code: 1.\{0,1\}' "$T_TMP/deploy_hdrs"
	check "Duktape's message names its line once, Accept $accept" \
		test "$(printf '%s' "$out" | head -n 1 | jq -r .error.message)" = \
		"not deployed: SyntaxError: function name required (line 1, end of input)"
done
sbx_in '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}
{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"deploy_code","arguments":{"name":"unparsed","language":"python","code":"def (:"}}}
' mcp
mcp_kind=$(printf '%s\n' "$out" | jq -r 'select(.id == 1) | .result.structuredContent.error.kind')
check "MCP: deploy_code of unparsable code says invalid ($mcp_kind)" test "$mcp_kind" = invalid
# sbx --remote deploy exits as sbx deploy does: 1 for code that fails its
# check, 125 for a bad request.
for fmt in text json ndjson; do
	sbx --remote "$ADDR" deploy -n unparsed -l python -e 'def (:' --format $fmt
	expect_rc 1
done
sbx --remote "$ADDR" deploy -n 'bad name' -e 'return 1'
expect_rc 125
sbx list --json
expect_jq 'map(select(.name == "unparsed")) | length == 0'

# --- invalid: a bad value --------------------------------------------------
sbx run -l python --timeout abc -e 1 --json
expect_rc 125
expect_json .error.kind '"invalid"'
api POST /v1/run '{"language": "python", "code": "1", "timeout": "abc"}'
expect_code 400
expect_json .error.kind '"invalid"'

# --- a text answer's failure has its kind too -----------------------------
api GET /v1/deployments/nosuch "" -H 'Accept: text/plain'
expect_code 404
expect_json .error.kind '"not_found"'
# --- the server's own answers have a kind too, and its status is the kind's
# (a bad key, an unknown key, a body that is not JSON, a missing key, no
# such route, a method the route lacks, a bad query, a bad reference).
while IFS='	' read -r want kind method path body; do
	api "$method" "$path" "$body"
	check "HTTP $method $path $body: $want ($code)" test "$code" = "$want"
	got=$(printf '%s' "$out" | jq -r '.error.kind')
	check "HTTP $method $path $body: kind $kind ($got)" test "$got" = "$kind"
done <<'EOF2'
400	invalid	POST	/v1/run	{"language": "python", "code": 5}
400	invalid	POST	/v1/run	{"code": "1", "bogus": 1}
400	invalid	POST	/v1/run	not json
400	invalid	POST	/v1/run	{}
400	invalid	GET	/v1/deployments/dep@x	
400	invalid	GET	/v1/events?since=x	
404	not_found	GET	/v1/nosuch	
405	method_not_allowed	PUT	/v1/run	{}
EOF2
stop_server
# --- the HTTP layer's own refusal: a wrong token is 401 unauthorized over
# HTTP, and sbx --remote's record keeps that kind.
printf 'sbx-test-token-0123456789abcdef\n' >"$T_TMP/token"
printf 'wrong-token-wrong-token-wrong-00\n' >"$T_TMP/wrong"
start_server --listen 127.0.0.1:0 --token-file "$T_TMP/token"
api POST /v1/run '{"code": "1"}' -H "Authorization: Bearer wrong-token-wrong-token"
expect_code 401
expect_json .error.kind '"unauthorized"'
sbx --remote "$ADDR" --token-file "$T_TMP/wrong" run -e 1 --json
expect_rc 125
expect_json .error.kind '"unauthorized"'
stop_server
finish
