#!/bin/sh
# Compiled languages and shell commands through sbx, side by side with the
# bare toolchain (issue 32's goals: a cached C++ hello within 1.3x the
# precompiled binary run directly, a cold compile within 1.2x g++ itself;
# issue 29's: a shell one-shot within 1.3x bash -c). All rows of a table are
# timed in the same rounds (bench_group_ms), so their ratios hold on a
# shared machine. Usage: SBX=bin/sbx bench/compiled.sh   (RUNS=N)
set -eu
. "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-20}
tmp=$BENCH_TMP
export XDG_CONFIG_HOME="$tmp/config"
state="$tmp/state"
command -v g++ >/dev/null || { echo "bench/compiled: g++ is not installed: skipped"; exit 0; }

cat >"$tmp/hello.cpp" <<'CPP'
#include <iostream>
int main() { std::cout << "hello" << std::endl; }
CPP
g++ -O2 -std=c++17 -pipe -o "$tmp/hello" "$tmp/hello.cpp"
# One run fills the build cache for the cached row.
"$SBX" run --state-dir "$state" --no-history "$tmp/hello.cpp" >/dev/null

ratio() { echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2fx", $1 / $2; else print "-" }'; }
line() { printf '%-52s %10.2f %8s\n' "$1" "$2" "$3"; }

printf '\n## Compiled languages and shell (median of %s runs; load: %s)\n\n' "$RUNS" \
	"$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-52s %10s %8s\n' "command" "median ms" "ratio"

set -- $(bench_group_ms "$RUNS" "$tmp/hello" \
	"$SBX run --state-dir $state --no-history $tmp/hello.cpp")
line "./hello (precompiled with g++)" "$1" "1.00x"
line "sbx run hello.cpp (cached binary)" "$2" "$(ratio "$2" "$1")"

# Cold: the cache emptied before every timing (hyperfine --prepare).
hyperfine -N -w 1 -r "$RUNS" --export-json "$tmp/cold.json" \
	"g++ -O2 -std=c++17 -pipe -o $tmp/x $tmp/hello.cpp" \
	--prepare "rm -rf $state/cache/cpp" \
	"$SBX run --state-dir $state --no-history $tmp/hello.cpp" >/dev/null 2>&1 || true
gpp=$(jq -r '.results[0].median * 1000' "$tmp/cold.json" 2>/dev/null || echo 0)
cold=$(jq -r '.results[1].median * 1000' "$tmp/cold.json" 2>/dev/null || echo 0)
line "g++ -O2 -std=c++17 hello.cpp (compile only)" "$gpp" "1.00x"
line "sbx run hello.cpp (cold: compile and run)" "$cold" "$(ratio "$cold" "$gpp")"

set -- $(bench_group_ms "$RUNS" "bash -c 'echo hi'" \
	"$SBX run --state-dir $state --no-history -l bash -e 'echo hi'")
line "bash -c 'echo hi'" "$1" "1.00x"
line "sbx run -l bash -e 'echo hi'" "$2" "$(ratio "$2" "$1")"
