#!/bin/sh
# Runs the whole suite: cmocka unit tests, then every shell test under
# tests/cli and tests/escape, and the differential test (tests/diff/run.py,
# which prints its table per language and its time). Ends with one summary
# line.
#
# The shell tests run SBX_TEST_JOBS at a time (default 2, this machine
# class's cores): each has its own state directory and temporary files, and
# every test must be deterministic under load anyway, so running them side
# by side both halves CI's wall time and keeps that promise tested. The
# longest tests start first; a line says when each ends (so a log shows
# progress), then the results are printed in a fixed order, each with its
# duration, so a slow test is visible in the log.
set -u
cd "$(dirname "$0")/.."
: "${SBX:?}"
export SBX
pass=0
fail=0
failed_names=""
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
jobs=${SBX_TEST_JOBS:-2}
case "$jobs" in
'' | *[!0-9]* | 0) echo "tests/run.sh: SBX_TEST_JOBS must be a positive number, not '$jobs'" >&2 && exit 2 ;;
esac

# tally NAME LOG STATUS SECONDS — adds one test's counts to the totals.
tally() {
	_line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$2" | tail -n 1)
	_p=$(printf '%s' "$_line" | sed -n 's/.*: \([0-9]*\) passed.*/\1/p')
	_f=$(printf '%s' "$_line" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')
	_p=${_p:-0}
	_f=${_f:-0}
	if [ "$3" -ne 0 ] && [ "$_f" -eq 0 ]; then _f=1; fi
	[ "$_f" -gt 0 ] && { cat "$2"; failed_names="$failed_names $1"; }
	case "$1" in
	*.py) [ "$_f" -gt 0 ] || sed -n '/^language /,/^difftest: time/p' "$2" ;;
	esac
	echo "${_line:-$1: no summary line}${4:+ ($4 s)}"
	pass=$((pass + _p))
	fail=$((fail + _f))
}

for t in ${UNIT_BINS:-}; do
	"$t" >"$results/unit.log" 2>&1
	status=$?
	# cmocka's own summary lines, rewritten to the suite's form.
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$results/unit.log" | tail -n 1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$results/unit.log" | tail -n 1)
	echo "unit $(basename "$t"): ${p:-0} passed, ${f:-0} failed" >>"$results/unit.log"
	tally "$(basename "$t")" "$results/unit.log" "$status" ""
done

# The slowest first, so that the last minutes are not one long test alone.
slow="tests/diff/run.py tests/cli/test_difftest_session.sh tests/cli/test_serve_load.sh tests/cli/test_session_many.sh"
all=""
for t in $slow tests/cli/test_*.sh tests/escape/test_*.sh; do
	[ -e "$t" ] || continue
	case " $all " in *" $t "*) continue ;; esac
	all="$all $t"
done

# Each test writes its log, status and duration under $results; the name
# is the path with / turned to _ (paths here have no spaces).
printf '%s\n' $all | xargs -P "$jobs" -n 1 sh -c '
	r=$1 build=$2 t=$3
	n=$(printf "%s" "$t" | tr / _)
	start=$(date +%s)
	case "$t" in
	*.py) /usr/bin/python3 "$t" --sbx "$SBX" --build "$build" >"$r/$n.log" 2>&1 ;;
	# The tests that run as sbx-ci, one at a time: without namespaces
	# every run of that user counts against its one per-user process
	# limit, so one test'"'"'s fork bomb made the other'"'"'s forks fail (EAGAIN).
	*_user.sh) flock "$r/sbx-ci.lock" sh "$t" >"$r/$n.log" 2>&1 ;;
	*) sh "$t" >"$r/$n.log" 2>&1 ;;
	esac
	rc=$?
	echo $rc >"$r/$n.rc"
	echo $(($(date +%s) - start)) >"$r/$n.secs"
	echo "... $t: exit $rc after $(cat "$r/$n.secs") s"
' run-one "$results" "${BUILD:-build}" 2>&1

for t in $all; do
	n=$(printf '%s' "$t" | tr / _)
	status=$(cat "$results/$n.rc" 2>/dev/null || echo 1)
	secs=$(cat "$results/$n.secs" 2>/dev/null || echo "")
	tally "$t" "$results/$n.log" "$status" "$secs"
done

[ -n "$failed_names" ] && echo "failed:$failed_names"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
