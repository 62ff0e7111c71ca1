#!/bin/sh
# R through sbx serve's warm pool (serve.warm_pool.r) against cold through
# the same server kind and against `Rscript -e 'cat(1)'` run by the same
# client right after each request, round by round (bench/warm_paced.py).
#
# A sandbox counts as set up once it waits at its gate; Rscript may still
# be loading R's default packages then (~70 ms of CPU before the gate), so
# each request waits BENCH_PACE (default 0.5 s) after the pool says set up:
# what is timed is a request that finds its Rscript waiting.
BENCH_RUNS=${BENCH_RUNS:-20} # before lib.sh, whose default is 100
. "$(dirname "$0")/lib.sh"

command -v jq >/dev/null 2>&1 || { echo "bench warm_r: jq is missing" >&2; exit 0; }
command -v Rscript >/dev/null 2>&1 || { echo "bench warm_r: Rscript is missing" >&2; exit 0; }
[ -x /usr/bin/python3 ] || { echo "bench warm_r: python3 is missing" >&2; exit 0; }
BENCH_WARM=${BENCH_WARM:-2}
BENCH_PACE=${BENCH_PACE:-0.5}
printf 'serve:\n  warm_pool:\n    r: %s\n' "$BENCH_WARM" >"$BENCH_TMP/warm.yaml"

trap 'kill $bench_servers 2>/dev/null; rm -rf "$BENCH_TMP"' EXIT
bench_serve warm --config "$BENCH_TMP/warm.yaml"
bench_serve cold
body='{"language":"r","code":"cat(1)"}'
rscript=$(command -v Rscript)

printf '\n## R through sbx serve (pool of %s, one connection, paced %s s) vs Rscript -e, same rounds\n' \
	"$BENCH_WARM" "$BENCH_PACE"
printf 'load before: %s\n\n' "$(cat /proc/loadavg)"
printf '| request | sbx median ms | bare | bare median ms | ratio | runs |\n|---|---|---|---|---|---|\n'
median() { sort -n | awk '{a[NR] = $1} END {if (NR) print a[int((NR + 1) / 2)]; else print "nan"}'; }
_per=$(((BENCH_RUNS + BENCH_ROUNDS - 1) / BENCH_ROUNDS))
# row LABEL SOCKET
row() {
	: >"$BENCH_TMP/row"
	: >"$BENCH_TMP/count"
	_r=0
	while [ "$_r" -lt "$BENCH_ROUNDS" ]; do
		python3 "$(dirname "$0")/warm_paced.py" "$2" "$_per" "$BENCH_PACE" "$body" \
			"$rscript" -e 'cat(1)' >>"$BENCH_TMP/row" 2>>"$BENCH_TMP/count"
		_r=$((_r + 1))
	done
	_s=$(cut -d' ' -f1 "$BENCH_TMP/row" | median)
	_b=$(cut -d' ' -f2 "$BENCH_TMP/row" | median)
	printf '| %s | %s | Rscript -e '"'"'cat(1)'"'"' | %s | %s | %s |\n' "$1" "$_s" "$_b" \
		"$(echo "$_s $_b" | awk '{printf "%.2fx", $1 / $2}')" \
		"$(awk '{w += $2; n += $4} END {printf "%d of %d warm", w, n}' "$BENCH_TMP/count")"
}
# shellcheck disable=SC2154
row "R cat(1), warm" "$sock_warm"
# shellcheck disable=SC2154
row "R cat(1), cold" "$sock_cold"
printf 'load after: %s\n' "$(cat /proc/loadavg)"
