#!/bin/sh
# bench/batch.sh — sbx batch against the loop users write today.
#
#   N mixed requests (JavaScript and Python, passing, failing, timing out)
#   through `sbx batch -j J` and through `xargs -P J sbx run --json
#   --request FILE` (one file per request), alternating, REPS rounds; each
#   one's floor is the sum of its runs' own wall times (time_ms.wall, from
#   the sandbox's fork to its reap) divided by J: what a scheduler with no
#   cost of its own would take. Per round, batch/xargs and batch/floor;
#   printed: the medians of the totals and of those per-round ratios (with
#   their range), and the load average before and after: on a shared
#   machine the figures move with it.
#   With BASE=other/sbx, every round also runs `BASE batch` (the order of
#   the two batches alternating), for a side-by-side of two builds at the
#   same moment.
#   Goals: batch at least as fast as xargs, within 10% of its floor.
#
# Usage: SBX=bin/sbx [BASE=/path/to/other/sbx] bench/batch.sh [N [REPS [J]]]
#        (defaults 1000 3 2; needs jq)
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
	# shellcheck disable=SC2059
	printf "$r\n" $i >"$tmp/req/$i.json"
	i=$((i + 1))
done
ls "$tmp"/req/*.json >"$tmp/files"

now_ms() { date +%s%3N; }
# batch NAME BINARY: one `sbx batch` run; its total (ms) and its floor.
batch() {
	t0=$(now_ms)
	"$2" batch -q -j "$J" "$tmp/in.ndjson" >"$tmp/$1.out" || true
	echo $(($(now_ms) - t0)) >"$tmp/$1.last"
	jq -s "map(.time_ms.wall) | add / $J" "$tmp/$1.out" >"$tmp/$1.lastfloor"
	cat "$tmp/$1.last" >>"$tmp/$1.ms"
	cat "$tmp/$1.lastfloor" >>"$tmp/$1.floor"
}
run_xargs() {
	t0=$(now_ms)
	xargs -P "$J" -n 1 "$SBX" run --json --request <"$tmp/files" >"$tmp/xargs.out" || true
	echo $(($(now_ms) - t0)) >"$tmp/xargs.last"
	cat "$tmp/xargs.last" >>"$tmp/xargs.ms"
	f=$(jq -s "map(.time_ms.wall) | add / $J" "$tmp/xargs.out")
	echo "$f" >>"$tmp/xargs.floor"
	awk -v x="$(cat "$tmp/xargs.last")" -v f="$f" 'BEGIN { print x / f }' >>"$tmp/xargs.vsf"
}
# ratios NAME: this round's NAME/xargs and NAME/floor.
ratios() {
	awk -v b="$(cat "$tmp/$1.last")" -v x="$(cat "$tmp/xargs.last")" \
		-v f="$(cat "$tmp/$1.lastfloor")" 'BEGIN { print b / x >> "'"$tmp/$1.vsx"'"; print b / f >> "'"$tmp/$1.vsf"'" }'
}
load() { cut -d' ' -f1-3 /proc/loadavg; }
load0=$(load)
r=0
while [ $r -lt "$REPS" ]; do
	if [ -n "${BASE:-}" ] && [ $((r % 2)) -eq 1 ]; then
		batch base "$BASE"
		batch batch "$SBX"
	else
		batch batch "$SBX"
		[ -z "${BASE:-}" ] || batch base "$BASE"
	fi
	run_xargs
	ratios batch
	if [ -n "${BASE:-}" ]; then
		ratios base
		awk -v b="$(cat "$tmp/batch.last")" -v a="$(cat "$tmp/base.last")" 'BEGIN { print b / a }' >>"$tmp/vsbase"
	fi
	r=$((r + 1))
done
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
range() { sort -n "$1" | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2f", lo, hi }'; }
check=$(jq -s 'length' "$tmp/xargs.out")
echo "== sbx batch vs xargs: $N mixed requests, -j $J, median of $REPS rounds ($check xargs records)"
echo "   load average before: $load0, after: $(load) ($(nproc) cores)"
printf '  %-22s %9s %7s %15s %17s %17s\n' "" "total ms" "runs/s" "sum(wall)/J ms" "batch/xargs" "total/floor"
row() { # LABEL NAME: medians (and per-round ranges) of NAME
	m=$(median "$tmp/$2.ms")
	if [ -f "$tmp/$2.vsx" ]; then
		vx="$(median "$tmp/$2.vsx" | awk '{ printf "%.2f", $1 }') ($(range "$tmp/$2.vsx"))"
	else
		vx=""
	fi
	vf="$(awk -v m="$m" -v f="$(median "$tmp/$2.floor")" 'BEGIN { printf "%.2f", m / f }')"
	[ -f "$tmp/$2.vsf" ] && vf="$(median "$tmp/$2.vsf" | awk '{ printf "%.2f", $1 }') ($(range "$tmp/$2.vsf"))"
	printf '  %-22s %9.0f %7.1f %15.0f %17s %17s\n' "$1" "$m" "$(awk -v n="$N" -v m="$m" 'BEGIN { print n * 1000 / m }')" \
		"$(median "$tmp/$2.floor")" "$vx" "$vf"
}
row "sbx batch -j $J" batch
[ -z "${BASE:-}" ] || row "BASE batch -j $J" base
row "xargs -P $J" xargs
echo "  goals: batch/xargs <= 1.00, batch total/floor <= 1.10 (per-round ratios: median (range))"
if [ -n "${BASE:-}" ]; then
	echo "  SBX=$SBX BASE=$BASE"
	echo "  SBX batch / BASE batch, the same round: $(median "$tmp/vsbase" | awk '{ printf "%.2f", $1 }') ($(range "$tmp/vsbase"))"
fi
