#!/bin/sh
# Runs the whole suite: cmocka unit tests, then every shell test under
# tests/cli and tests/escape, and the examples, then the differential test
# (tests/diff/run.py, which prints its table per language and its time).
# Ends with one summary line.
set -u
cd "$(dirname "$0")/.."
: "${SBX:?}"
export SBX
pass=0
fail=0
failed_names=""
log=$(mktemp)
trap 'rm -f "$log"' EXIT

for t in ${UNIT_BINS:-}; do
	"$t" >"$log" 2>&1
	status=$?
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
	p=${p:-0}
	f=${f:-0}
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
	[ "$f" -gt 0 ] && { cat "$log"; failed_names="$failed_names $(basename "$t")"; }
	echo "unit $(basename "$t"): $p passed, $f failed"
	pass=$((pass + p))
	fail=$((fail + f))
done

for t in tests/cli/test_*.sh tests/escape/test_*.sh tests/diff/run.py; do
	[ -e "$t" ] || continue
	case "$t" in
	*.py) /usr/bin/python3 "$t" --sbx "$SBX" --build "${BUILD:-build}" >"$log" 2>&1 ;;
	*) sh "$t" >"$log" 2>&1 ;;
	esac
	status=$?
	line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	p=$(printf '%s' "$line" | sed -n 's/.*: \([0-9]*\) passed.*/\1/p')
	f=$(printf '%s' "$line" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
	p=${p:-0}
	f=${f:-0}
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
	[ "$f" -gt 0 ] && { cat "$log"; failed_names="$failed_names $t"; }
	case "$t" in
	*.py) [ "$f" -gt 0 ] || sed -n '/^language /,/^difftest: time/p' "$log" ;;
	esac
	echo "${line:-$t: no summary line}"
	pass=$((pass + p))
	fail=$((fail + f))
done

[ -n "$failed_names" ] && echo "failed:$failed_names"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
