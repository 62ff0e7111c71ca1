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
# shellcheck disable=SC2154
bench_paced_row "R cat(1), warm" "$sock_warm" "Rscript -e 'cat(1)'" "$rscript" -e 'cat(1)'
# shellcheck disable=SC2154
bench_paced_row "R cat(1), cold" "$sock_cold" "Rscript -e 'cat(1)'" "$rscript" -e 'cat(1)'
printf 'load after: %s\n' "$(cat /proc/loadavg)"
