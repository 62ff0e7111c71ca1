#!/bin/sh
# bench/load.sh — many runs from many concurrent callers against one state
# directory: throughput and latency, and that nothing breaks under load.
#
#   SBX=bin/sbx bench/load.sh                    1,000 runs from 16 callers
#   LOAD_RUNS=200 LOAD_CALLERS=4 bench/load.sh   smaller
#
# The mix (tests/escape/load_driver.py): JavaScript ok / error / syntax
# error / timeout (-t 0.2) / output limit, Python ok / error / exit 3 /
# memory limit, and a rare R and Java run (when installed). It verifies that
# every run got a correct record (valid JSON, unique id, the status, exit
# status and result its kind must give), that the history has exactly one
# row per run (and `sbx stats` says so), and that no zombie, sbx or sandbox
# process and no working directory is left. Then it reports runs/s and the
# p50/p95/max latency of one run as its caller saw it. Exits 1 when a check
# fails. The small version of the same checks is in the test suite:
# tests/escape/test_load_small.sh.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
: "${SBX:=$ROOT/bin/sbx}"
RUNS=${LOAD_RUNS:-1000}
CALLERS=${LOAD_CALLERS:-16}
for tool in python3 jq; do
	command -v "$tool" >/dev/null || { echo "bench/load.sh: needs $tool" >&2; exit 1; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sbx-bench-load.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export SBX_STATE_DIR="$tmp/state"
export XDG_CONFIG_HOME="$tmp/config"
unset SBX_CONFIG
TOKEN="load$$x$(od -An -N4 -tx4 /dev/urandom | tr -d ' \n')"
failed=0
bad() {
	echo "FAIL: $*"
	failed=1
}

echo "== load: $RUNS runs from $CALLERS concurrent callers, one state directory ($(nproc) CPUs)"
python3 "$ROOT/tests/escape/load_driver.py" "$SBX" "$RUNS" "$CALLERS" "$TOKEN" "$tmp/summary.json" \
	</dev/null || bad "load_driver.py exited $?"
s="$tmp/summary.json"
[ -s "$s" ] || { echo "FAIL: no summary"; exit 1; }

jq -r '.failures[]' "$s" | sed 's/^/FAIL: /'
[ "$(jq '.failures | length' "$s")" -eq 0 ] || failed=1
[ "$(jq .records "$s")" -eq "$RUNS" ] || bad "$(jq .records "$s") records for $RUNS runs"
[ "$(jq .history_rows "$s")" -eq "$RUNS" ] || bad "$(jq .history_rows "$s") history rows for $RUNS runs"
total=$("$SBX" stats --json 2>/dev/null | jq .total)
[ "$total" = "$RUNS" ] || bad "sbx stats: total $total, expected $RUNS"

ids=$(jq -r '.ids[]' "$s" | tr '\n' ' ')
left=$(python3 "$ROOT/tests/escape/crash_strays.py" "$TOKEN" $ids)
[ -z "$left" ] || bad "processes left: $left"
zombies=$(ps -o pid=,stat= --ppid $$ | awk '$2 ~ /^Z/')
[ -z "$zombies" ] || bad "zombies: $zombies"
# Zombies anywhere on the machine, for information (other processes may
# have their own).
allz=$(ps -eo stat= | grep -c '^Z')
dirs=$(ls "$SBX_STATE_DIR/work" 2>/dev/null | wc -l)
[ "$dirs" -eq 0 ] || bad "$dirs working directories left in the state directory"
for id in $ids; do
	for w in /tmp/sbx-root-work/run-"$id"-*; do
		[ -e "$w" ] && bad "working directory left: $w"
	done
done

echo
jq -r '"mix:  " + (.counts | to_entries | sort_by(-.value) | map("\(.key) \(.value)") | join(", "))' "$s"
printf 'checks: %s records, %s history rows, stats total %s, zombies (ours) %s, (machine) %s, stray processes %s\n' \
	"$(jq .records "$s")" "$(jq .history_rows "$s")" "$total" \
	"$(printf '%s' "$zombies" | grep -c .)" "$allz" "$(printf '%s' "$left" | grep -c .)"
echo
printf '| runs | callers | wall s | runs/s | p50 ms | p95 ms | max ms |\n'
printf '|------|---------|--------|--------|--------|--------|--------|\n'
jq -r '"| \(.runs) | \(.callers) | \(.wall_s) | \(.runs_per_s) | \(.p50_ms) | \(.p95_ms) | \(.max_ms) |"' "$s"
echo
if [ "$failed" -eq 0 ]; then echo "load: all checks passed"; else echo "load: checks FAILED"; fi
exit "$failed"
