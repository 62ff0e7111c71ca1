#!/bin/sh
# Load, small: 60 runs from 8 concurrent callers against one state directory,
# in a mix of languages and outcomes (load_driver.py: JS ok/error/syntax
# error/timeout/output limit, Python ok/error/exit/memory limit, one R and
# one Java run when installed). Every run must get a correct record, the
# history exactly one row per run, and nothing may be left: no zombie, no
# sandbox process, no working directory. The same checks as bench/load.sh
# (1,000 runs from 16 callers), without its figures: no timing assertions.
. "$(dirname "$0")/../lib.sh"

HERE=$(cd "$(dirname "$0")" && pwd)
RUNS=${LOAD_RUNS:-60}
CALLERS=${LOAD_CALLERS:-8}
TOKEN="load$$x$(od -An -N4 -tx4 /dev/urandom | tr -d ' \n')"
SUMMARY="$T_TMP/summary.json"

python3 "$HERE/load_driver.py" "$SBX" "$RUNS" "$CALLERS" "$TOKEN" "$SUMMARY" </dev/null
rc=$?
T_LAST="load_driver.py ($RUNS runs, $CALLERS callers)"
out=$(jq -c 'del(.ids)' "$SUMMARY" 2>/dev/null)
expect_rc 0
expect_json .records "$RUNS"
expect_json .history_rows "$RUNS"
expect_json .failures '[]'
# the mix really was a mix
expect_jq '.counts.js_ok > 0 and .counts.js_error > 0 and .counts.js_timeout > 0'
expect_jq '.counts.js_output > 0'
if [ -x /usr/bin/python3 ]; then
	expect_jq '.counts.py_ok > 0 and .counts.py_error > 0 and .counts.py_memory > 0'
fi

sbx stats --json
expect_rc 0
expect_json .total "$RUNS"
sbx stats --label "load=$TOKEN" --json
expect_rc 0
expect_json .total "$RUNS"

# Nothing left behind.
ids=$(jq -r '.ids[]' "$SUMMARY" 2>/dev/null | tr '\n' ' ')
T_LAST="after the load"
left=$(python3 "$HERE/crash_strays.py" "$TOKEN" $ids)
check "no sbx or sandbox process is left: $left" test -z "$left"
zombies=$(ps -o pid=,stat= --ppid $$ | awk '$2 ~ /^Z/')
check "no zombie child of this test: $zombies" test -z "$zombies"
leftdirs=""
for id in $ids; do
	for base in "$SBX_STATE_DIR/work" /tmp/sbx-root-work "${TMPDIR:-/tmp}"; do
		for w in "$base/run-$id-"*; do
			[ -e "$w" ] && leftdirs="$leftdirs $w"
		done
	done
done
check "no working directory is left:$leftdirs" test -z "$leftdirs"

finish
