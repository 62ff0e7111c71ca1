#!/bin/sh
# A memory limit is a ceiling the operator sets, not whatever a request asks
# for: "memory": "4T" once became the cgroup limit of a run (a limit that
# never applies) through every front. limits.max_memory (default: the
# machine's physical memory) bounds it in the CLI (-m), a JSON request,
# batch, MCP, the HTTP API and session create; the error names the key. And
# the code is the OOM killer's first choice: its oom_score_adj is 1000,
# sbx's own is left as it was.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"

HUGE=4T # more than any machine running this has

# expect_each JQ_BOOLEAN — true for every record of an NDJSON $out (and
# there is one).
expect_each() {
	if printf '%s' "$out" | jq -s -e "length > 0 and all(.[]; $1)" >/dev/null 2>&1; then
		_pass
	else
		_fail "jq, for each record: $1"
	fi
}

# --- the CLI, a JSON request, batch ----------------------------------------
sbx run -l python -m "$HUGE" -e 'print("ran")' --json
expect_rc 125
expect_err_contains "limits.max_memory"
sbx_in '{"language": "python", "code": "print(\"ran\")", "memory": "'$HUGE'"}' run --request - --json
expect_rc 125
expect_err_contains "limits.max_memory"
sbx_in '{"language": "python", "code": "print(1)", "memory": "'$HUGE'"}
{"language": "python", "code": "print(2)"}
' batch --format ndjson -
expect_each 'if .line == 1 then .status == "sbx_error" and (.error.message | test("limits.max_memory"))
	else .status == "ok" end'
sbx_in '{"language": "python", "code": "print(1)"}' batch --memory "$HUGE" --format ndjson -
expect_each '.status == "sbx_error" and (.error.message | test("limits.max_memory"))'
sbx session create -l python -m "$HUGE" --json
expect_rc 125
expect_err_contains "limits.max_memory"

# --- the configured ceiling: lower than the default, the default follows ----
printf 'limits:\n  max_memory: 64M\n' >"$T_TMP/small.yaml"
sbx run -l python --config "$T_TMP/small.yaml" -m 65M -e 'print("ran")' --json
expect_rc 125
expect_err_contains "over the maximum of 64M"
sbx run -l python --config "$T_TMP/small.yaml" -e 'print("ran")' --json
expect_rc 0
expect_json .limits.memory_kb 65536
printf 'limits:\n  memory: 1G\n  max_memory: 512M\n' >"$T_TMP/over.yaml"
sbx run -l python --config "$T_TMP/over.yaml" -e 'print("ran")' --json
expect_rc 125
expect_err_contains "raise limits.max_memory"
# Raised on purpose, a large limit is the operator's choice.
printf 'limits:\n  max_memory: 8T\n' >"$T_TMP/big.yaml"
sbx run -l python --config "$T_TMP/big.yaml" -m "$HUGE" -e 'print("ran")' --json
expect_rc 0
expect_json .stdout '"ran\n"'

# --- MCP ----------------------------------------------------------------------
INIT='{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"sh","version":"1"}}}'
sbx_in "$INIT
{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}
{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"run_code\",\"arguments\":{\"language\":\"python\",\"code\":\"print(1)\",\"memory\":\"$HUGE\"}}}
{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"create_session\",\"arguments\":{\"language\":\"python\",\"memory\":\"$HUGE\"}}}
" mcp
T_LAST="sbx mcp: run_code and create_session with memory $HUGE"
for id in 1 2; do
	if printf '%s\n' "$out" | jq -s -e "map(select(.id == $id))[0] | .result.isError == true and
		(.result.content[0].text | test(\"limits.max_memory\"))" >/dev/null 2>&1; then
		_pass
	else
		_fail "MCP call $id with memory $HUGE was not refused naming limits.max_memory"
	fi
done

# --- the HTTP API: run, session create, batch ---------------------------------
start_server --listen "unix:$T_TMP/s.sock"
api POST /v1/run '{"language": "python", "code": "print(1)", "memory": "'$HUGE'"}'
expect_error 400 sbx_error
expect_jq '.error.message | test("limits.max_memory")'
api POST /v1/sessions '{"language": "python", "memory": "'$HUGE'"}'
expect_error 400 sbx_error
expect_jq '.error.message | test("limits.max_memory")'
api POST /v1/batch '{"language": "python", "code": "print(1)", "memory": "'$HUGE'"}'
expect_code 200
expect_jq '.status == "sbx_error" and (.error.message | test("limits.max_memory"))'
api POST "/v1/batch?memory=$HUGE" '{"language": "python", "code": "print(1)"}'
expect_jq '(.status // .error.code) | test("sbx_error")'
expect_jq '(.error.message) | test("limits.max_memory")'
stop_server

# --- the OOM killer takes the code first ---------------------------------------
own=$(cat /proc/self/oom_score_adj)
outer_nons=${SBX_NO_NAMESPACES-}
for nons in "$outer_nons" 1; do
	export SBX_NO_NAMESPACES="$nons"
	sbx run -l python -e 'print(open("/proc/self/oom_score_adj").read().strip())' --json
	T_LAST="oom_score_adj in the sandbox (SBX_NO_NAMESPACES=$nons)"
	expect_json .stdout '"1000\n"'
done
export SBX_NO_NAMESPACES="$outer_nons"
# A session's kernel too: it lives across executions.
sbx session create -l python
sid=$out
sbx session exec "$sid" -e 'open("/proc/self/oom_score_adj").read().strip()' --json
expect_json .result '"1000"'
sbx session delete "$sid"
check "sbx's caller keeps its oom_score_adj" test "$(cat /proc/self/oom_score_adj)" = "$own"
if command -v node >/dev/null 2>&1; then
	sbx run --engine node -e 'console.log(require("fs").readFileSync("/proc/self/oom_score_adj", "utf8").trim())' --json
	expect_json .stdout '"1000\n"'
fi
finish
