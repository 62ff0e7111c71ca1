# bench/lib.sh — sourced by the bench scripts. Times whole commands with
# hyperfine (medians over repeated runs) and prints a table with ratios.
#
#   bench_table TITLE BASELINE_LABEL 'label|command' 'label|command' ...
#
# The first pair is the baseline; every row shows its median and its ratio
# to the baseline. BENCH_RUNS (default 100) sets the repetitions.
#
# BASE=/path/to/other/sbx (make bench BASE=...): every row that runs $SBX
# runs the same command with $BASE too, interleaved with it in
# BENCH_ROUNDS rounds (default 5; each round times both, BENCH_RUNS /
# BENCH_ROUNDS runs each), so a change of load hits both alike; the row
# then shows the base's median and SBX / BASE.
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

BASE=${BASE:-}
BENCH_ROUNDS=${BENCH_ROUNDS:-5}
if [ -n "$BASE" ]; then
	BASE=$(cd "$(dirname "$BASE")" && pwd)/$(basename "$BASE")
	[ -x "$BASE" ] || { echo "bench: BASE=$BASE is not an executable" >&2; exit 1; }
fi

# bench_base_cmd 'command' — the command with its first $SBX replaced by
# $BASE; nothing when BASE is unset or the command does not run $SBX.
bench_base_cmd() {
	[ -n "$BASE" ] || return 0
	case $1 in
	*"$SBX"*) printf '%s%s%s\n' "${1%%"$SBX"*}" "$BASE" "${1#*"$SBX"}" ;;
	esac
}

# bench_pair_ms 'command' 'base command' [RUNS] — "MEDIAN BASE_MEDIAN" in
# ms: both timed in the same rounds (see BASE above), the medians over all
# the rounds' runs.
bench_pair_ms() {
	_runs=${3:-$BENCH_RUNS}
	_per=$(((_runs + BENCH_ROUNDS - 1) / BENCH_ROUNDS))
	: >"$BENCH_TMP/pair.a"
	: >"$BENCH_TMP/pair.b"
	_r=0
	while [ "$_r" -lt "$BENCH_ROUNDS" ]; do
		hyperfine -N --warmup 1 --runs "$_per" --export-json "$BENCH_TMP/p.json" "$1" "$2" \
			>/dev/null 2>&1 || { echo "nan nan"; return; }
		jq -r '.results[0].times[]' "$BENCH_TMP/p.json" >>"$BENCH_TMP/pair.a"
		jq -r '.results[1].times[]' "$BENCH_TMP/p.json" >>"$BENCH_TMP/pair.b"
		_r=$((_r + 1))
	done
	printf '%s %s\n' "$(bench_median_of "$BENCH_TMP/pair.a")" "$(bench_median_of "$BENCH_TMP/pair.b")"
}

# bench_group_ms RUNS 'command' ... — the medians in ms of every command,
# space-separated, all timed in the same BENCH_ROUNDS rounds (each round
# runs each command RUNS / BENCH_ROUNDS times), so a change of load on a
# shared machine hits them alike and their ratios hold.
bench_group_ms() {
	_runs=$1
	shift
	_per=$(((_runs + BENCH_ROUNDS - 1) / BENCH_ROUNDS))
	_k=0
	for _c in "$@"; do
		: >"$BENCH_TMP/group.$_k"
		_k=$((_k + 1))
	done
	_r=0
	while [ "$_r" -lt "$BENCH_ROUNDS" ]; do
		hyperfine -N --warmup 1 --runs "$_per" --export-json "$BENCH_TMP/g.json" "$@" \
			>/dev/null 2>&1 || { echo "nan"; return; }
		_k=0
		for _c in "$@"; do
			jq -r ".results[$_k].times[]" "$BENCH_TMP/g.json" >>"$BENCH_TMP/group.$_k"
			_k=$((_k + 1))
		done
		_r=$((_r + 1))
	done
	_k=0
	_outs=""
	for _c in "$@"; do
		_outs="$_outs $(bench_median_of "$BENCH_TMP/group.$_k")"
		_k=$((_k + 1))
	done
	echo $_outs
}

# bench_median_of FILE — the median of a file of times in seconds, in ms.
bench_median_of() {
	sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR == 0) { print "nan"; exit }
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m * 1000 }'
}

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
	if [ -n "$BASE" ]; then
		printf '| %-44s | %10s | %8s | %10s | %10s |\n' "command" "median ms" "ratio" "BASE ms" "SBX/BASE"
		printf '|%s|%s|%s|%s|%s|\n' "----------------------------------------------" "------------" \
			"----------" "------------" "------------"
	else
		printf '| %-44s | %10s | %8s |\n' "command" "median ms" "ratio"
		printf '|%s|%s|%s|\n' "----------------------------------------------" "------------" "----------"
	fi
	_base=""
	for _pair in "$@"; do
		_label=${_pair%%|*}
		_cmd=${_pair#*|}
		_bcmd=$(bench_base_cmd "$_cmd")
		if [ -n "$_bcmd" ]; then
			_pm=$(bench_pair_ms "$_cmd" "$_bcmd")
			_m=${_pm% *}
			_bm=${_pm#* }
		else
			_m=$(bench_median_ms "$_cmd")
			_bm=""
		fi
		[ -z "$_base" ] && _base=$_m
		_ratio=$(awk -v a="$_m" -v b="$_base" 'BEGIN { if (b > 0 && a == a) printf "%.2fx", a / b; else print "-" }')
		if [ -n "$BASE" ]; then
			if [ -n "$_bm" ]; then
				_vs=$(awk -v a="$_m" -v b="$_bm" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }')
				printf '| %-44s | %10.2f | %8s | %10.2f | %10s |\n' "$_label" "$_m" "$_ratio" "$_bm" "$_vs"
			else
				printf '| %-44s | %10.2f | %8s | %10s | %10s |\n' "$_label" "$_m" "$_ratio" "-" "-"
			fi
		else
			printf '| %-44s | %10.2f | %8s |\n' "$_label" "$_m" "$_ratio"
		fi
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

# bench_serve NAME [ARGS...] — `sbx serve ARGS` (BASE's when NAME is base)
# on BENCH_TMP/NAME's state directory, waited for until it listens; its
# socket's path in $sock_NAME, its pid added to $bench_servers (stopped at
# exit: the caller's trap kills them).
bench_servers=
bench_serve() {
	_n=$1
	shift
	_bin=$SBX
	[ "$_n" != base ] || _bin=$BASE
	mkfifo "$BENCH_TMP/$_n.ready"
	"$_bin" serve --state-dir "$BENCH_TMP/$_n" --ready-file "$BENCH_TMP/$_n.ready" "$@" \
		2>/dev/null &
	bench_servers="$bench_servers $!"
	_s=$(head -n 1 "$BENCH_TMP/$_n.ready")
	eval "sock_$_n=\${_s#unix:}"
}

# bench_paced_row LABEL SOCKET BARE COMMAND... — BENCH_ROUNDS rounds of
# warm_paced.py: $body through the server on SOCKET, each request BENCH_PACE
# after its pool said set up, then COMMAND run by the same client; one
# table row: the two medians (COMMAND's labelled BARE), their ratio and how
# many requests ran warm.
bench_paced_row() {
	_label=$1 _sock=$2 _bare=$3
	shift 3
	: >"$BENCH_TMP/row"
	: >"$BENCH_TMP/count"
	_per=$(((BENCH_RUNS + BENCH_ROUNDS - 1) / BENCH_ROUNDS))
	_r=0
	while [ "$_r" -lt "$BENCH_ROUNDS" ]; do
		python3 "$(dirname "$0")/warm_paced.py" "$_sock" "$_per" "$BENCH_PACE" "$body" \
			"$@" >>"$BENCH_TMP/row" 2>>"$BENCH_TMP/count"
		_r=$((_r + 1))
	done
	_s=$(cut -d' ' -f1 "$BENCH_TMP/row" | sort -n |
		awk '{a[NR] = $1} END {if (NR) print a[int((NR + 1) / 2)]; else print "nan"}')
	_b=$(cut -d' ' -f2 "$BENCH_TMP/row" | sort -n |
		awk '{a[NR] = $1} END {if (NR) print a[int((NR + 1) / 2)]; else print "nan"}')
	printf '| %s | %s | %s | %s | %s | %s |\n' "$_label" "$_s" "$_bare" "$_b" \
		"$(echo "$_s $_b" | awk '{printf "%.2fx", $1 / $2}')" \
		"$(awk '{w += $2; n += $4} END {printf "%d of %d warm", w, n}' "$BENCH_TMP/count")"
}
