#!/bin/sh
# sbx batch runs each request in a fork of itself (src/batch/batch_worker.c),
# not an exec of `sbx run`: the records must still be those of
# `sbx run --request FILE --json`, key for key, for every kind of request;
# the programs must see the signals and stdin of a run started from a shell;
# the defaults reach both in-process runs and exec-deployment children.
. "$(dirname "$0")/../lib.sh"

IN=$T_TMP/in.ndjson
cat >"$IN" <<'EOR'
{"id":"py","language":"python","code":"print(1)","expected_stdout":"1\n","timeout":300}
{"id":"js","language":"js","code":"console.log(inputs.a)","inputs":{"a":7},"timeout":300}
{"id":"exit","language":"python","code":"import sys; sys.exit(3)","timeout":300}
{"id":"kw","language":"python","code":"import sys, os\nprint(open('a.txt').read(), sys.stdin.read(), sys.argv[1:], os.environ['A'])","files":{"a.txt":{"text":"hi"}},"stdin":"in","args":["q"],"env":{"A":"b"},"labels":{"k":"v"},"timeout":300}
{"id":"mem","language":"python","code":"x = bytearray(400 * 1024 * 1024)","memory":"64M","timeout":300}
{"id":"nocode","language":"python"}
{"id":"cobol","language":"cobol","code":"x"}
{"id":"badkey","language":"python","code":"1","bogus":1}
{"id":"jsfile","language":"js","code":"1","files":{"a.txt":{"text":"hi"}}}
{"id":"badtime","language":"js","code":"1","timeout":"soon"}
EOR

# The same requests through sbx run, one by one: the reference records.
: >"$T_TMP/run.out"
while IFS= read -r line; do
	printf '%s\n' "$line" >"$T_TMP/one.json"
	"$SBX" run --request "$T_TMP/one.json" --json >>"$T_TMP/run.out" 2>/dev/null </dev/null
done <"$IN"
sbx batch -q -j 2 "$IN"
expect_rc 1
printf '%s\n' "$out" >"$T_TMP/batch.out"
# (batch adds "line", and "request_id" to the records sbx run gives none)
strip='del(.id, .time_ms, .memory_kb.peak, .line) | if .status == "sbx_error" then del(.request_id) else . end'
check "batch records equal sbx run's, key for key" \
	sh -c "[ \"\$(jq -c '$strip' '$T_TMP/batch.out')\" = \"\$(jq -c '$strip' '$T_TMP/run.out')\" ]"
check "ten records" test "$(wc -l <"$T_TMP/batch.out")" -eq 10
expect_json_line() { # N JQ EXPECTED — JQ of record N (1-based) of the batch
	_got=$(sed -n "$1p" "$T_TMP/batch.out" | jq -c "$2")
	if [ "$_got" = "$3" ]; then _pass; else _fail "record $1: $2 is $_got, expected $3"; fi
}
expect_json_line 4 '.stdout | test("^hi in .+q.+ b\n$")' true
expect_json_line 5 .status '"memory_limit"'
expect_json_line 6 .error.name '"SbxError"'
expect_json_line 10 '.error.message | test("timeout")' 'true'

# The history holds the valid runs (5), each once, with their labels.
sbx stats --label k=v --json
expect_json .total 2

# The program's signal dispositions are those of a run from a shell:
# nothing ignored that sbx run does not ignore (posix_spawn left glibc's
# internal signals 32 and 33 ignored, and exec kept them down to the code).
SIGPY='print([l.split()[1] for l in open("/proc/self/status") if l.startswith("SigIgn")][0])'
sbx run -l python -e "$SIGPY" --timeout 300
want=$out
printf '{"id":"sig","language":"python","code":%s,"timeout":300}\n' "$(printf '%s' "$SIGPY" | jq -Rs .)" >"$T_TMP/sig.ndjson"
sbx batch -q "$T_TMP/sig.ndjson"
got=$(printf '%s' "$out" | jq -r .stdout | tr -d '\n')
check "batch runs ignore the signals sbx run's ignore ($got vs $want)" test "$got" = "$want"
check "signals 32 and 33 are not ignored ($got)" \
	sh -c "[ \$(( 0x$got & 0x180000000 )) -eq 0 ]"

# Input on stdin: a run reads its own stdin (empty), never the batch's
# input; every line after it still runs.
{
	printf '%s\n' '{"id":"reader","language":"python","code":"import sys; print(repr(sys.stdin.read()))","timeout":300}'
	i=0
	while [ $i -lt 30 ]; do
		printf '{"id":"n%d","language":"js","code":"console.log(%d)","timeout":300}\n' $i $i
		i=$((i + 1))
	done
} >"$T_TMP/stdin.ndjson"
out=$("$SBX" batch -q -j 2 - <"$T_TMP/stdin.ndjson" 2>"$T_TMP/stderr")
rc=$?
expect_rc 0
check "31 records from stdin" test "$(printf '%s\n' "$out" | wc -l)" -eq 31
check "the reader got an empty stdin" \
	test "$(printf '%s\n' "$out" | head -n 1 | jq -r .stdout)" = "''"
check "records in input order" \
	test "$(printf '%s\n' "$out" | jq -sc 'map(.request_id) | .[1:] == [range(30) | "n\(.)"]')" = true

# Defaults: a flag without a value then one with a value (their names once
# shared a slot: --timeout reached the runs as "--timeout --timeout 300").
sbx stats --json
before=$(printf '%s' "$out" | jq .total)
sbx deploy -n adder -e 'return inputs.a + 1' -i a=1 --json
expect_rc 0
printf '%s\n' '{"id":"d","deployment":"adder","inputs":{"a":41}}' \
	'{"id":"r","language":"js","code":"console.log(1)"}' >"$T_TMP/dep.ndjson"
sbx batch -q --no-history --timeout 300 "$T_TMP/dep.ndjson"
expect_rc 0
check "the deployment ran through exec-deployment with the defaults" \
	test "$(printf '%s\n' "$out" | head -n 1 | jq -c '[.status, .result]')" = '["ok",42]'
check "the in-process run took the defaults" \
	test "$(printf '%s\n' "$out" | tail -n 1 | jq -r .status)" = ok
sbx stats --json
expect_json .total "$before"
finish
