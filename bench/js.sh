#!/bin/sh
# JavaScript: the cost of a snippet against starting a small process.
. "$(dirname "$0")/lib.sh"

rows="/bin/true|/bin/true"
rows="$rows
sbx run -l js -e '1+1' (text)|$SBX run -l js -e 1+1 --no-history"
rows="$rows
sbx run -l js -e '1+1' --json|$SBX run -l js -e 1+1 --json --no-history"
rows="$rows
sbx run -l js -e '1+1' (with history)|$SBX run -l js -e 1+1"
if command -v node >/dev/null 2>&1; then
	rows="$rows
node -e 0|node -e 0"
fi
IFS='
'
# shellcheck disable=SC2086
bench_table "JavaScript hello vs a bare process" $rows
unset IFS

printf '\n## Throughput: sbx run -e 1+1 --no-history\n\n'
n=$((BENCH_RUNS * 4))
bench_throughput "sbx run -e 1+1" "$n" 2 "$SBX run -e 1+1 --no-history"
bench_throughput "sbx run -e 1+1" "$n" 8 "$SBX run -e 1+1 --no-history"
