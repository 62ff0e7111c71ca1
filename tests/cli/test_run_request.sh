#!/bin/sh
# run --request and exec-deployment --request: one JSON object carries the
# whole request (the keys of a batch line); each key is checked as its flag
# is, the record gets request_id and verdict, the inline files and stdin
# leave nothing behind.
. "$(dirname "$0")/../lib.sh"

export TMPDIR="$T_TMP/tmp"
mkdir -p "$TMPDIR"

req() { sbx_in "$1" run --request - --json; }

# --- every key of a request, applied ---
req '{"id": "task-7", "language": "python",
      "code": "import os, sys\nprint(sys.stdin.read().upper(), sys.argv[1:], os.environ[\"FOO\"], inputs[\"a\"])\nprint(open(\"a.txt\").read(), open(\"b.bin\", \"rb\").read())\n1 + 1",
      "stdin": "hello", "args": ["x", "y z"], "env": {"FOO": "bar"}, "inputs": {"a": [1, 2]},
      "files": {"a.txt": {"text": "AAA"}, "b.bin": {"base64": "AAEC/w=="}},
      "labels": {"team": "search"}, "timeout": 60, "cpu_time": "30s", "memory": "128M",
      "max_output": 4096, "expected_stdout": "HELLO [\u0027x\u0027, \u0027y z\u0027] bar [1, 2]  \nAAA b\u0027\\x00\\x01\\x02\\xff\u0027\n\n"}'
expect_rc 0
expect_json .request_id '"task-7"'
expect_json .result 2
expect_json .verdict '"passed"'
expect_json .limits '{"timeout_ms": 60000, "cpu_ms": 30000, "memory_kb": 131072, "output_bytes": 4096}'
expect_json .stdout '"HELLO [\u0027x\u0027, \u0027y z\u0027] bar [1, 2]\nAAA b\u0027\\x00\\x01\\x02\\xff\u0027\n"'
check "the inline files and stdin are removed after the run" test -z "$(ls -A "$TMPDIR")"
sbx stats --label team=search --json
expect_json .total 1

# --- verdicts ---
req '{"code": "console.log(\"4\")", "expected_stdout": "5"}'
expect_rc 0
expect_json .verdict '"failed"'
req '{"code": "console.log(\"4\"); throw new Error(\"x\")", "expected_stdout": "4"}'
expect_rc 1
expect_json .verdict '"failed"'
req '{"language": "python", "code": "print(\"a \" * 5000)", "max_output": 100, "expected_stdout": "a"}'
expect_json .verdict '"failed"'
req '{"code": "1"}'
expect_json 'has("verdict") or has("request_id")' false

# --- flags beside --request are defaults the keys override ---
sbx_in '{"code": "return inputs.x", "inputs": {"x": 2}, "timeout": 7}' run --request - --timeout 9 --memory 64M --json
expect_json .limits.timeout_ms 7000
expect_json .limits.memory_kb 65536
expect_json .result 2

# --- a request from a file; text output ---
printf '{"language": "python", "code": "print(6 * 7)"}' >"$T_TMP/req.json"
sbx run --request "$T_TMP/req.json"
expect_rc 0
expect_out "42"

# --- bad requests: a clear message naming the key, exit 125, nothing left ---
bad() {
	sbx_in "$1" run --request -
	expect_rc 125
	case "$err" in
	*"$2"*) _pass ;;
	*) _fail "the message names '$2'" ;;
	esac
}
bad '{"code": "1", "bogus": 1}' 'unknown request key "bogus"'
bad '{"code": "1", "timeout": "10m"}' 'over the maximum'
bad '{"code": "1", "timeout": -1}' 'request key "timeout" must be'
bad '{"code": "1", "memory": "lots"}' 'invalid size'
bad '{"code": "1", "inputs": [1]}' 'request key "inputs" must be an object'
bad '{"code": 5}' 'request key "code" must be a string'
bad '{"language": "cobol", "code": "1"}' "unknown language 'cobol'"
bad '{"language": "python"}' 'has no "code"'
bad '[1]' 'must be a JSON object'
bad '{"code": "1"' 'invalid JSON in the request'
bad '{"code": "1", "code": "2"}' 'duplicate'
bad '{"code": "1", "env": {"A=B": "x"}}' "contains '='"
bad '{"code": "1", "env": {"PATH": "/x"}}' 'PATH'
bad '{"code": "1", "args": [1]}' 'request key "args": item 0'
bad '{"language": "python", "code": "1", "files": {"../x": {"text": ""}}}' 'invalid file name'
bad '{"language": "python", "code": "1", "files": {"a": {"text": "", "base64": ""}}}' '"a" must be'
bad '{"language": "python", "code": "1", "files": {"a": {"base64": "!!!"}}}' 'not valid base64'
bad '{"code": "1", "files": {"a": {"text": "x"}}}' '--file does not apply to javascript'
bad '{"code": "1", "id": ""}' 'request key "id" must be'
bad '{"code": "1", "deployment": "x"}' 'send the request to exec-deployment'
bad '{"code": "1", "merge_output": "yes"}' 'true or false'
check "a refused request leaves nothing behind" test -z "$(ls -A "$TMPDIR")"
sbx run --request - -e 1
expect_rc 125
case "$err" in *"drop -e"*) _pass ;; *) _fail "-e beside --request is refused" ;; esac
sbx_in '{"code": "1"}' run --request - --stdin -
expect_rc 125
sbx_in '{"code": "1", "timeout": "10m"}' run --request - --json
expect_rc 125
expect_json .status '"sbx_error"'

# --- exec-deployment --request ---
sbx deploy -n adder -e 'return inputs.a + 1'
expect_rc 0
sbx_in '{"deployment": "adder", "inputs": {"a": 41}, "id": "d1"}' exec-deployment --request - --json
expect_rc 0
expect_json .result 42
expect_json .request_id '"d1"'
expect_json .deployment.name '"adder"'
sbx_in '{"deployment": "adder@1", "inputs": {"a": 1}}' exec-deployment --request - --json
expect_json .result 2
sbx_in '{"deployment": "adder@9"}' exec-deployment --request -
expect_rc 125
sbx_in '{"deployment": "adder", "code": "1"}' exec-deployment --request -
expect_rc 125
case "$err" in *"stored code"*) _pass ;; *) _fail "code is refused for a deployment" ;; esac
sbx_in '{"inputs": {}}' exec-deployment --request -
expect_rc 125
case "$err" in *'no "deployment"'*) _pass ;; *) _fail "a deployment must be named" ;; esac

finish
