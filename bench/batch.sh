#!/bin/sh
# bench/batch.sh — sbx batch against the loop users write today.
#
#   N mixed requests (JavaScript and Python, passing, failing, timing out)
#   through `sbx batch -j J` and through `xargs -P J sbx run --json
#   --request FILE` (one file per request), alternating, REPS times each;
#   side by side, the medians of total wall time and runs/s, and each one's
#   floor: the sum of its runs' own wall times (time_ms.wall) divided by J,
#   what a scheduler with no cost of its own would take. The load average
#   is printed before and after: on a shared machine the figures move
#   with it.
#   Goals: batch at least as fast as xargs, within 10% of its floor.
#
# Usage: SBX=bin/sbx bench/batch.sh [N [REPS [J]]]   (defaults 1000 3 2; needs jq)
set -eu
: "${SBX:=$(cd "$(dirname "$0")/.." && pwd)/bin/sbx}"
N=${1:-1000}
REPS=${2:-3}
J=${3:-2}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sbx-bench-batch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export SBX_STATE_DIR="$tmp/state"
unset SBX_CONFIG
export XDG_CONFIG_HOME="$tmp/config"

# The mix, per 20 requests: 8 JS passing, 5 Python passing, 3 JS throwing,
# 2 Python failing, 2 JS timing out (200 ms).
mkdir -p "$tmp/req"
i=0
while [ $i -lt "$N" ]; do
	case $((i % 20)) in
	0 | 1 | 2 | 3 | 4 | 5 | 6 | 7) r='{"id":"r%d","language":"js","code":"let s=0;for(let i=0;i<1000;i++)s+=i;console.log(s)","expected_stdout":"499500"}' ;;
	8 | 9 | 10 | 11 | 12) r='{"id":"r%d","language":"python","code":"print(sum(range(1000)))","expected_stdout":"499500","timeout":60}' ;;
	13 | 14 | 15) r='{"id":"r%d","language":"js","code":"throw new Error(\"no\")"}' ;;
	16 | 17) r='{"id":"r%d","language":"python","code":"import sys; sys.exit(2)","timeout":60}' ;;
	*) r='{"id":"r%d","language":"js","code":"for(;;){}","timeout":"200ms"}' ;;
	esac
	# shellcheck disable=SC2059
	printf "$r\n" $i >>"$tmp/in.ndjson"
	printf "$r\n" $i >"$tmp/req/$i.json"
	i=$((i + 1))
done
ls "$tmp"/req/*.json >"$tmp/files"

now_ms() { date +%s%3N; }
run_batch() {
	t0=$(now_ms)
	"$SBX" batch -q -j "$J" "$tmp/in.ndjson" >"$tmp/batch.out" || true
	echo $(($(now_ms) - t0)) >>"$tmp/batch.ms"
	jq -s "map(.time_ms.wall) | add / $J" "$tmp/batch.out" >>"$tmp/floor.ms"
}
run_xargs() {
	t0=$(now_ms)
	xargs -P "$J" -n 1 "$SBX" run --json --request <"$tmp/files" >"$tmp/xargs.out" || true
	echo $(($(now_ms) - t0)) >>"$tmp/xargs.ms"
	jq -s "map(.time_ms.wall) | add / $J" "$tmp/xargs.out" >>"$tmp/xfloor.ms"
}
load() { cut -d' ' -f1-3 /proc/loadavg; }
load0=$(load)
r=0
while [ $r -lt "$REPS" ]; do
	run_batch
	run_xargs
	r=$((r + 1))
done
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
b=$(median "$tmp/batch.ms")
x=$(median "$tmp/xargs.ms")
f=$(median "$tmp/floor.ms")
xf=$(median "$tmp/xfloor.ms")
check=$(jq -s 'length' "$tmp/xargs.out")
echo "== sbx batch vs xargs: $N mixed requests, -j $J, median of $REPS ($check xargs records)"
echo "   load average before: $load0, after: $(load) ($(nproc) cores)"
awk -v n="$N" -v j="$J" -v b="$b" -v x="$x" -v f="$f" -v xf="$xf" 'BEGIN {
	printf "  %-16s %10s %9s %16s %13s\n", "", "total ms", "runs/s", "sum(wall)/J ms", "total/floor"
	printf "  %-16s %10.0f %9.1f %16.0f %13.2f\n", "sbx batch -j " j, b, n * 1000 / b, f, b / f
	printf "  %-16s %10.0f %9.1f %16.0f %13.2f\n", "xargs -P " j, x, n * 1000 / x, xf, x / xf
	printf "  batch/xargs %.2f (goal <= 1.00); batch total/floor %.2f (goal <= 1.10)\n", b / x, b / f
}'
