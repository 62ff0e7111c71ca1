#!/bin/sh
# sbx serve's warm pool (issue 33): a Python one-shot through sbx serve,
# warm (serve.warm_pool) against cold, against `python3 -I -c` itself.
# Goal: warm ≤ 0.3× python3 -I -c.
#
# 1. One hyperfine run, side by side: python3 -I -c, curl POST /v1/run to a
#    server with a pool and to one without (curl is the client, so its own
#    start-up, ~3-5 ms, is in both server rows).
# 2. A keep-alive client: one curl process sending BENCH_KEEPALIVE requests
#    on one connection to each server; each request's time from curl's -w:
#    the server's own cost, no client process start. The warm pool has
#    BENCH_WARM sandboxes; back-to-back requests may outrun its refill
#    (then a request waits for a sandbox still starting, or goes cold).
# 3. The goal's measure (bench/warm_paced.py): requests on one connection,
#    each once the pool is set up again, SBX and BASE in the same rounds.
. "$(dirname "$0")/lib.sh"

command -v curl >/dev/null 2>&1 || { echo "bench warm: curl is missing" >&2; exit 0; }
[ -x /usr/bin/python3 ] || { echo "bench warm: python3 is missing" >&2; exit 0; }
BENCH_KEEPALIVE=${BENCH_KEEPALIVE:-40}
BENCH_WARM=${BENCH_WARM:-4}
printf 'serve:\n  warm_pool:\n    python: %s\n' "$BENCH_WARM" >"$BENCH_TMP/warm.yaml"
body='{"language":"python","code":"print(1)"}'

trap 'kill $bench_servers 2>/dev/null; rm -rf "$BENCH_TMP"' EXIT
bench_serve warm --config "$BENCH_TMP/warm.yaml"
bench_serve cold

printf '\n## a Python one-shot through sbx serve: warm pool (%s) vs cold vs python3 -I -c (median of %s)\n' \
	"$BENCH_WARM" "$BENCH_RUNS"
printf 'load before: %s\n\n' "$(cat /proc/loadavg)"
hyperfine -N --warmup 3 --runs "$BENCH_RUNS" --export-json "$BENCH_TMP/all.json" \
	--command-name "python3 -I -c" "/usr/bin/python3 -I -c 'print(1)'" \
	--command-name "curl sbx serve, warm" \
	"curl -s --unix-socket $BENCH_TMP/warm/serve.sock -d '$body' http://sbx/v1/run" \
	--command-name "curl sbx serve, cold" \
	"curl -s --unix-socket $BENCH_TMP/cold/serve.sock -d '$body' http://sbx/v1/run" \
	>/dev/null 2>&1 || echo "bench warm: hyperfine failed" >&2
jq -r '.results[0].median as $b | .results[] |
	"| \(.command) | \(.median * 1000 * 100 | round / 100) | \(.mean * 1000 * 100 | round / 100) ± \(.stddev * 1000 * 100 | round / 100) | \(.median / $b * 100 | round / 100)x |"' \
	"$BENCH_TMP/all.json" | {
	printf '| command | median ms | mean ± sd ms | ratio to python3 -I -c |\n|---|---|---|---|\n'
	cat
}
py_ms=$(jq -r '.results[0].median * 1000' "$BENCH_TMP/all.json")

# keepalive NAME — the median ms of BENCH_KEEPALIVE requests on one
# connection, and how many of them ran warm.
keepalive() {
	_args=
	for _i in $(seq "$BENCH_KEEPALIVE"); do
		_args="$_args --next -s -o $BENCH_TMP/ka.$1.$_i -w %{time_total}\\n"
		_args="$_args --unix-socket $BENCH_TMP/$1/serve.sock -d $body http://sbx/v1/run"
	done
	# shellcheck disable=SC2086
	_med=$(curl $_args | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)] * 1000}')
	_warm=$(cat "$BENCH_TMP"/ka."$1".* | jq -s 'map(select(.warm == true)) | length')
	printf '| %s, one connection | %s | %s of %s warm | %s |\n' "$1" "$_med" "$_warm" \
		"$BENCH_KEEPALIVE" "$(echo "$_med $py_ms" | awk '{printf "%.2fx", $1 / $2}')"
}
printf '\n| server, keep-alive | median ms | runs | ratio to python3 -I -c |\n|---|---|---|---|\n'
keepalive warm
keepalive cold

# 3. The goal's own measure: one request that finds a warm sandbox set up
# and waiting (bench/warm_paced.py waits for the refill before each), on
# one keep-alive connection, timed by the client from its request to the
# whole answer. With BASE=, a base build's warm server is timed in the same
# rounds (BENCH_ROUNDS).
[ -z "$BASE" ] || bench_serve base --config "$BENCH_TMP/warm.yaml"
BENCH_PACED=${BENCH_PACED:-$BENCH_RUNS}
# A base build without set_up says only that its sandboxes started: the
# pause after (BENCH_PACE seconds) lets them finish setting up too.
BENCH_PACE=${BENCH_PACE:-0.3}
_per=$(((BENCH_PACED + BENCH_ROUNDS - 1) / BENCH_ROUNDS))
: >"$BENCH_TMP/paced.warm"
: >"$BENCH_TMP/paced.base"
_r=0
while [ "$_r" -lt "$BENCH_ROUNDS" ]; do
	python3 "$(dirname "$0")/warm_paced.py" "$BENCH_TMP/warm/serve.sock" "$_per" \
		"$BENCH_PACE" >>"$BENCH_TMP/paced.warm" 2>>"$BENCH_TMP/paced.count"
	[ -z "$BASE" ] || python3 "$(dirname "$0")/warm_paced.py" "$BENCH_TMP/base/serve.sock" \
		"$_per" "$BENCH_PACE" >>"$BENCH_TMP/paced.base" 2>>"$BENCH_TMP/paced.count.base"
	_r=$((_r + 1))
done
median() { sort -n "$1" | awk '{a[NR] = $1} END {if (NR) print a[int((NR + 1) / 2)]; else print "nan"}'; }
warm_runs() { awk '{w += $2; n += $4} END {printf "%d of %d warm", w, n}' "$1"; }
printf '\n| a request that finds its warm sandbox set up (one connection) | median ms | runs | ratio to python3 -I -c |\n|---|---|---|---|\n'
_m=$(median "$BENCH_TMP/paced.warm")
printf '| SBX | %s | %s | %s |\n' "$_m" "$(warm_runs "$BENCH_TMP/paced.count")" \
	"$(echo "$_m $py_ms" | awk '{printf "%.2fx", $1 / $2}')"
if [ -n "$BASE" ]; then
	_b=$(median "$BENCH_TMP/paced.base")
	printf '| BASE | %s | %s | %s |\n' "$_b" "$(warm_runs "$BENCH_TMP/paced.count.base")" \
		"$(echo "$_b $py_ms" | awk '{printf "%.2fx", $1 / $2}')"
	printf 'SBX / BASE: %s\n' "$(echo "$_m $_b" | awk '{printf "%.2f", $1 / $2}')"
fi

# 4. What the pool does not take (issue 33: JavaScript in <= 1 ms of server
# time; issue 32: a cached C++ hello): the same one-connection client, on
# the server without a pool, against the bare program. The C++ binary is
# in the build cache after the first request (not timed).
if command -v g++ >/dev/null 2>&1; then
	cpp='#include <iostream>\nint main() { std::cout << "hello" << std::endl; }\n'
	printf "$cpp" >"$BENCH_TMP/hello.cpp"
	g++ -O2 -std=c++17 -pipe -o "$BENCH_TMP/hello" "$BENCH_TMP/hello.cpp"
	cpp_body=$(jq -cn --rawfile c "$BENCH_TMP/hello.cpp" '{language: "cpp", code: $c}')
	python3 "$(dirname "$0")/warm_paced.py" "$BENCH_TMP/cold/serve.sock" 1 0 "$cpp_body" \
		>/dev/null 2>&1
fi
js_body='{"language":"javascript","code":"console.log(1)"}'
printf '\n| through sbx serve, no pool (one connection) | median ms | bare | median ms | ratio |\n|---|---|---|---|---|\n'
# paced_row LABEL BODY BARE_LABEL BARE_COMMAND
paced_row() {
	python3 "$(dirname "$0")/warm_paced.py" "$BENCH_TMP/cold/serve.sock" "$BENCH_RUNS" 0 "$2" \
		>"$BENCH_TMP/row" 2>/dev/null
	_m=$(median "$BENCH_TMP/row")
	hyperfine -N --warmup 3 --runs "$BENCH_RUNS" --export-json "$BENCH_TMP/bare.json" "$4" \
		>/dev/null 2>&1
	_b=$(jq -r '.results[0].median * 1000 * 1000 | round / 1000' "$BENCH_TMP/bare.json")
	printf '| %s | %s | %s | %s | %s |\n' "$1" "$_m" "$3" "$_b" \
		"$(echo "$_m $_b" | awk '{printf "%.2fx", $1 / $2}')"
}
paced_row "JavaScript console.log(1) (Duktape)" "$js_body" "/bin/true" /bin/true
[ ! -x "$BENCH_TMP/hello" ] ||
	paced_row "C++ hello (cached binary)" "$cpp_body" "./hello" "$BENCH_TMP/hello"
printf 'load after: %s\n' "$(cat /proc/loadavg)"
