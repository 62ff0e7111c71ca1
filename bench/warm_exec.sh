#!/bin/sh
# sbx serve's held execs (issues 29 and 32): a shell one-shot and a cached
# C++ hello through sbx serve's warm pool (serve.warm_pool bash and cpp)
# against the bare program run directly in the same rounds. Goals:
# `echo hi` ≤ 1.3× `bash -c 'echo hi'`; the cached C++ hello ≤ 1.3× the
# precompiled ./hello.
#
# bench/warm_paced.py sends each request on one keep-alive connection once
# the language's pool is set up again, then runs the bare program itself
# (posix_spawn to its exit): both times from the same client, round by
# round (BENCH_ROUNDS rounds of BENCH_RUNS / BENCH_ROUNDS requests).
. "$(dirname "$0")/lib.sh"

command -v jq >/dev/null 2>&1 || { echo "bench warm_exec: jq is missing" >&2; exit 0; }
[ -x /usr/bin/python3 ] || { echo "bench warm_exec: python3 is missing" >&2; exit 0; }
BENCH_WARM=${BENCH_WARM:-2}
BENCH_PACE=${BENCH_PACE:-0.05}
langs=bash
command -v g++ >/dev/null 2>&1 && langs="bash cpp"
{
	printf 'serve:\n  warm_pool:\n'
	for l in $langs; do printf '    %s: %s\n' "$l" "$BENCH_WARM"; done
} >"$BENCH_TMP/warm.yaml"

pids=
trap 'kill $pids 2>/dev/null; rm -rf "$BENCH_TMP"' EXIT
mkfifo "$BENCH_TMP/ready"
"$SBX" serve --state-dir "$BENCH_TMP/state" --ready-file "$BENCH_TMP/ready" \
	--config "$BENCH_TMP/warm.yaml" 2>/dev/null &
pids=$!
sock=$(head -n 1 "$BENCH_TMP/ready")
sock=${sock#unix:}

bash_body='{"language":"bash","code":"echo hi"}'
if [ "$langs" = "bash cpp" ]; then
	printf '#include <iostream>\nint main() { std::cout << "hello" << std::endl; }\n' \
		>"$BENCH_TMP/hello.cpp"
	g++ -O2 -std=c++17 -pipe -o "$BENCH_TMP/hello" "$BENCH_TMP/hello.cpp"
	cpp_body=$(jq -cn --rawfile c "$BENCH_TMP/hello.cpp" '{language: "cpp", code: $c}')
	# Into the build cache (a compile, cold): only a cached program runs warm.
	python3 "$(dirname "$0")/warm_paced.py" "$sock" 1 0 "$cpp_body" >/dev/null 2>&1
fi

printf '\n## held execs through sbx serve (pool of %s, one connection, paced) vs the bare program, same rounds\n' \
	"$BENCH_WARM"
printf 'load before: %s\n\n' "$(cat /proc/loadavg)"
printf '| request | sbx median ms | bare | bare median ms | ratio | runs |\n|---|---|---|---|---|---|\n'
median() { sort -n | awk '{a[NR] = $1} END {if (NR) print a[int((NR + 1) / 2)]; else print "nan"}'; }
_per=$(((BENCH_RUNS + BENCH_ROUNDS - 1) / BENCH_ROUNDS))
# row LABEL BODY BARE_LABEL BARE...
row() {
	_label=$1 _body=$2 _bl=$3
	shift 3
	: >"$BENCH_TMP/row"
	: >"$BENCH_TMP/count"
	_r=0
	while [ "$_r" -lt "$BENCH_ROUNDS" ]; do
		python3 "$(dirname "$0")/warm_paced.py" "$sock" "$_per" "$BENCH_PACE" "$_body" "$@" \
			>>"$BENCH_TMP/row" 2>>"$BENCH_TMP/count"
		_r=$((_r + 1))
	done
	_s=$(cut -d' ' -f1 "$BENCH_TMP/row" | median)
	_b=$(cut -d' ' -f2 "$BENCH_TMP/row" | median)
	printf '| %s | %s | %s | %s | %s | %s |\n' "$_label" "$_s" "$_bl" "$_b" \
		"$(echo "$_s $_b" | awk '{printf "%.2fx", $1 / $2}')" \
		"$(awk '{w += $2; n += $4} END {printf "%d of %d warm", w, n}' "$BENCH_TMP/count")"
}
row "bash: echo hi" "$bash_body" "bash -c 'echo hi'" /bin/bash -c 'echo hi'
[ -z "${cpp_body:-}" ] ||
	row "C++ hello (cached binary)" "$cpp_body" "./hello" "$BENCH_TMP/hello"
printf 'load after: %s\n' "$(cat /proc/loadavg)"
