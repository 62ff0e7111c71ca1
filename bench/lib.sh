# bench/lib.sh — sourced by the bench scripts. Times whole commands with
# hyperfine (medians over repeated runs) and prints a table with ratios.
#
#   bench_table TITLE BASELINE_LABEL 'label|command' 'label|command' ...
#
# The first pair is the baseline; every row shows its median and its ratio
# to the baseline. BENCH_RUNS (default 100) sets the repetitions.
set -u
: "${SBX:=$(cd "$(dirname "$0")/.." && pwd)/bin/sbx}"
BENCH_RUNS=${BENCH_RUNS:-100}
BENCH_TMP=$(mktemp -d "${TMPDIR:-/tmp}/sbx-bench.XXXXXX")
export SBX_STATE_DIR="$BENCH_TMP/state"
trap 'rm -rf "$BENCH_TMP"' EXIT

if ! command -v hyperfine >/dev/null 2>&1; then
	if [ "$(id -u)" -eq 0 ]; then
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine >/dev/null
	else
		echo "bench: hyperfine is missing: sudo apt-get install -y hyperfine" >&2
		exit 1
	fi
fi

# bench_median_ms 'command' — prints the median in ms.
bench_median_ms() {
	hyperfine -N --warmup 5 --runs "$BENCH_RUNS" --export-json "$BENCH_TMP/h.json" "$1" \
		>/dev/null 2>&1 || { echo "nan"; return; }
	jq -r '.results[0].median * 1000' "$BENCH_TMP/h.json"
}

bench_table() {
	_title=$1
	shift
	printf '\n## %s (median of %s runs)\n\n' "$_title" "$BENCH_RUNS"
	printf '| %-44s | %10s | %8s |\n' "command" "median ms" "ratio"
	printf '|%s|%s|%s|\n' "----------------------------------------------" "------------" "----------"
	_base=""
	for _pair in "$@"; do
		_label=${_pair%%|*}
		_cmd=${_pair#*|}
		_m=$(bench_median_ms "$_cmd")
		[ -z "$_base" ] && _base=$_m
		_ratio=$(awk -v a="$_m" -v b="$_base" 'BEGIN { if (b > 0 && a == a) printf "%.2fx", a / b; else print "-" }')
		printf '| %-44s | %10.2f | %8s |\n' "$_label" "$_m" "$_ratio"
	done
}

# bench_throughput LABEL N PARALLEL 'command' — runs/s of N runs, PARALLEL at once.
bench_throughput() {
	_start=$(date +%s%N)
	seq "$2" | xargs -P "$3" -I{} sh -c "$4" >/dev/null 2>&1
	_end=$(date +%s%N)
	awk -v n="$2" -v p="$3" -v l="$1" -v ns=$((_end - _start)) \
		'BEGIN { printf "| %-44s | %6d callers | %8.0f runs/s |\n", l, p, n / (ns / 1e9) }'
}
