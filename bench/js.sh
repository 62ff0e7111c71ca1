#!/bin/sh
# JavaScript: the cost of a snippet against starting a small process.
. "$(dirname "$0")/lib.sh"

# The fixed cost of a JavaScript run against the floor under it: a bare
# process, and sbx's own start (exec, dynamic linking, libc) with no run.
# Where the rest goes (issue 17): the Duktape child's heap, prelude and
# built-ins, the fork, the seccomp filter's install, the exits.
printf 'console.log("hello");\n' >"$BENCH_TMP/hello.js"
rows="/bin/true|/bin/true"
rows="$rows
sbx --version (start, no run)|$SBX --version"
rows="$rows
sbx run hello.js (ES5 console.log)|$SBX run $BENCH_TMP/hello.js --no-history"
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
printf '\n(load average %s)\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
bench_table "JavaScript hello vs a bare process" $rows
unset IFS

printf '\n## Throughput: sbx run -e 1+1 --no-history\n\n'
n=$((BENCH_RUNS * 4))
bench_throughput "sbx run -e 1+1" "$n" 2 "$SBX run -e 1+1 --no-history"
bench_throughput "sbx run -e 1+1" "$n" 8 "$SBX run -e 1+1 --no-history"
