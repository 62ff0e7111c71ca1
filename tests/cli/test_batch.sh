#!/bin/sh
# sbx batch: input order, verdicts, bad lines, exit statuses, --out and
# --resume after kill -9, --shard and --merge, history labels, formats.
. "$(dirname "$0")/../lib.sh"

IN=$T_TMP/in.ndjson
cat >"$IN" <<'EOR'
{"id":"py-ok","language":"python","code":"print(1)","expected_stdout":"1\n","timeout":300}
{"id":"js-bad","language":"javascript","code":"console.log(2)","expected_stdout":"3","timeout":300}
not json

{"id":"cobol","language":"cobol","code":"x"}
{"language":"python","code":"import sys; sys.exit(3)","timeout":300}
{"id":"nocode","language":"python"}
{"id":"js-ws","language":"js","code":"console.log('a  ');console.log('')","expected_stdout":"a\n","timeout":300}
EOR

# expect_all JQ EXPECTED — JQ over the records of $out as one array.
expect_all() {
	_got=$(printf '%s' "$out" | jq -sc "$1" 2>/dev/null)
	if [ "$_got" = "$2" ]; then _pass; else _fail "$1 is '$_got', expected '$2'"; fi
}

sbx batch -j 2 --label team=batchtest "$IN"
expect_rc 1
check "one record per request line (blank lines are none)" test "$(printf '%s\n' "$out" | wc -l)" -eq 7
expect_all '[.[].request_id]' '["py-ok","js-bad","3","cobol","6","nocode","js-ws"]'
expect_all '[.[].line]' '[1,2,3,5,6,7,8]'
expect_all '[.[].status]' '["ok","ok","sbx_error","sbx_error","error","sbx_error","ok"]'
expect_all '[.[].verdict]' '["passed","failed",null,null,null,null,"passed"]'
expect_all '.[4].exit_code' '3'
expect_all '.[2].error.name' '"InvalidRequest"'
expect_all '.[2].error.message | test("line 3: invalid JSON")' 'true'
expect_all '.[3].error.message | test("unknown language")' 'true'
expect_all '.[5].error.message | length > 0' 'true'
expect_err_contains "3 invalid"
expect_err_contains "pass rate"

# The runs are in the history with the batch's labels (4 ran: the 4 valid).
sbx stats --label team=batchtest --json
expect_json .total 4

# Exit 0 when every request ran, whatever the code did.
grep -v -e cobol -e '^not' -e nocode "$IN" >"$T_TMP/valid.ndjson"
sbx batch -q "$T_TMP/valid.ndjson"
expect_rc 0
check "quiet: nothing on stderr" test -z "$err"

# Standard input, --format text and json.
out=$(printf '%s\n' '{"id":"x","code":"1+1"}' | "$SBX" batch -q -l js --format text - 2>&1)
rc=$?
expect_rc 0
expect_out_contains "REQUEST_ID"
sbx batch -q --json "$T_TMP/valid.ndjson"
expect_json '.summary.requests' 4
expect_json '.summary.passed' 2
expect_json '[.records[].request_id]' '["py-ok","js-bad","4","js-ws"]'

# Bad options.
sbx batch --shard 3/3 "$IN"
expect_rc 125
expect_err_contains "0 <= I < N"
sbx batch --resume "$IN"
expect_rc 125
expect_err_contains "add --out"
sbx batch --timeout nope "$IN"
expect_rc 125
sbx batch "$T_TMP/missing.ndjson"
expect_rc 125
expect_err_contains "cannot read the batch input"

# --out: ids must be unique.
printf '%s\n' '{"id":"a","language":"js","code":"1"}' '{"id":"a","language":"js","code":"2"}' >"$T_TMP/dup.ndjson"
sbx batch -q --out "$T_TMP/dup.out" "$T_TMP/dup.ndjson"
expect_rc 1
check "duplicate id is an invalid record" grep -q 'used by an earlier line' "$T_TMP/dup.out"
sbx batch -q --out "$T_TMP/dup.out" "$T_TMP/dup.ndjson"
expect_rc 125
expect_err_contains "add --resume"

# Uninterrupted reference run.
sbx batch -q --out "$T_TMP/full.out" "$IN"
expect_rc 1

# sbx history import: the records of another machine into this history;
# the requests that never ran are skipped; a second import counts once.
SBX_STATE_DIR=$T_TMP/other-state sbx history import "$T_TMP/full.out"
expect_rc 0
expect_err_contains "imported 4 records"
expect_err_contains "skipped 3"
SBX_STATE_DIR=$T_TMP/other-state sbx history import "$T_TMP/full.out"
SBX_STATE_DIR=$T_TMP/other-state sbx stats --json
expect_json .total 4
expect_json .by_status '{"ok":3,"error":1}'
printf 'nope\n' >"$T_TMP/notrec"
sbx history import "$T_TMP/notrec"
expect_rc 125
expect_err_contains "not a JSON record"

# kill -9 mid-batch, then --resume: request 4 (line 5) of the killed
# batch sleeps far past any load's delay, so with -j 1 the out file holds
# exactly the records before it when the batch is killed: found by reading
# the file (tail -f wakes on each write), not by sleeping. The resumed and
# the uninterrupted batches run the same request with a 2 s timeout.
R=$T_TMP/resume.ndjson
RK=$T_TMP/resume-killed.ndjson
for t in 2 300; do
	{
		sed -n 1,3p "$IN"
		printf '{"id":"slow","language":"python","code":"import time\\ntime.sleep(%s)","timeout":%s}\n' "$((t * 30))" "$t"
		sed -n '5,$p' "$IN"
	} >"$T_TMP/resume-$t.ndjson"
done
mv "$T_TMP/resume-2.ndjson" "$R"
mv "$T_TMP/resume-300.ndjson" "$RK"
touch "$T_TMP/r.out"
# A session of its own (its pid, written first, is the group to kill).
setsid sh -c 'echo $$ >"$0"; exec "$@"' "$T_TMP/r.pid" "$SBX" batch -q -j 1 \
	--out "$T_TMP/r.out" "$RK" >/dev/null 2>&1 &
# (timeout: tail -f ends as head does, on its own; once in a loaded full
# suite it did not until the slow request's record came, 300 s later.)
timeout 120 tail -n +1 -f "$T_TMP/r.out" 2>/dev/null | head -n 3 >/dev/null
/bin/kill -9 -- -"$(cat "$T_TMP/r.pid")"
killed=$?
wait
T_LAST="kill -9 of the batch's group (kill exit $killed; $(jq -r .request_id "$T_TMP/r.out" | tr '\n' ' '))"
check "killed with 3 records written" test "$(wc -l <"$T_TMP/r.out")" -eq 3
printf '{"request_id":"torn' >>"$T_TMP/r.out"
sbx batch -q -j 2 --resume --out "$T_TMP/r.out" "$R"
expect_rc 1
expect_err_contains "torn last line"
check "resume: every request once" test "$(jq -r .request_id "$T_TMP/r.out" | sort | uniq -d | wc -l)" -eq 0
sbx batch -q -j 2 --out "$T_TMP/r-full.out" "$R"
check "resume gives the records of an uninterrupted run" \
	sh -c "[ \"\$(jq -c 'del(.id, .time_ms, .memory_kb.peak)' '$T_TMP/r.out')\" = \"\$(jq -c 'del(.id, .time_ms, .memory_kb.peak)' '$T_TMP/r-full.out')\" ]"
sbx batch -q --resume --out "$T_TMP/r.out" "$R"
expect_rc 0
check "a finished batch resumes to nothing" test "$(wc -l <"$T_TMP/r.out")" -eq "$(wc -l <"$T_TMP/r-full.out")"

# --shard I/N and --merge rebuild the single-machine file.
for i in 0 1 2; do
	sbx batch -q -j 2 --shard $i/3 --out "$T_TMP/s$i.out" "$IN"
done
check "shard 0 has requests 0, 3, 6" test "$(jq -c .line "$T_TMP/s0.out" | tr '\n' ' ')" = "1 5 8 "
sbx batch --merge "$T_TMP/s0.out" "$T_TMP/s1.out" "$T_TMP/s2.out" --out "$T_TMP/merged.out"
expect_rc 0
check "merged shards equal the single-machine run" \
	sh -c "[ \"\$(jq -c 'del(.id, .time_ms, .memory_kb.peak)' '$T_TMP/merged.out')\" = \"\$(jq -c 'del(.id, .time_ms, .memory_kb.peak)' '$T_TMP/full.out')\" ]"
sbx batch --merge "$T_TMP/s0.out" "$T_TMP/s0.out"
expect_rc 125
expect_err_contains "overlap"
printf '{"line":1' >"$T_TMP/torn.out"
sbx batch --merge "$T_TMP/torn.out"
expect_rc 125
expect_err_contains "torn"
finish
