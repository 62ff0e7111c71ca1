#!/bin/sh
# Java through sbx serve's warm pool (serve.warm_pool.java) against cold
# through the same server kind and against `java -cp DIR Main` (the same
# class, compiled once by javac) run by the same client right after each
# request, round by round (bench/warm_paced.py).
#
# A warm sandbox takes only a program whose classes the build cache has:
# each server runs the program once before the timing (its javac, cold).
# Each request waits BENCH_PACE (default 0.3 s) after the pool says set up:
# what is timed is a request that finds its JVM waiting at the gate.
BENCH_RUNS=${BENCH_RUNS:-20} # before lib.sh, whose default is 100
. "$(dirname "$0")/lib.sh"

command -v jq >/dev/null 2>&1 || { echo "bench warm_java: jq is missing" >&2; exit 0; }
command -v java >/dev/null 2>&1 && command -v javac >/dev/null 2>&1 ||
	{ echo "bench warm_java: java or javac is missing" >&2; exit 0; }
[ -x /usr/bin/python3 ] || { echo "bench warm_java: python3 is missing" >&2; exit 0; }
BENCH_WARM=${BENCH_WARM:-2}
BENCH_PACE=${BENCH_PACE:-0.3}
printf 'serve:\n  warm_pool:\n    java: %s\n' "$BENCH_WARM" >"$BENCH_TMP/warm.yaml"

trap 'kill $bench_servers 2>/dev/null; rm -rf "$BENCH_TMP"' EXIT
bench_serve warm --config "$BENCH_TMP/warm.yaml"
bench_serve cold
code='public class Main { public static void main(String[] a) { System.out.println(1); } }'
body=$(jq -cn --arg c "$code" '{language: "java", code: $c}')
mkdir "$BENCH_TMP/native"
printf '%s\n' "$code" >"$BENCH_TMP/native/Main.java"
javac -d "$BENCH_TMP/native" "$BENCH_TMP/native/Main.java"
java=$(command -v java)
# The program's first run on each server: its javac, into the cache.
# shellcheck disable=SC2154
for s in "$sock_warm" "$sock_cold"; do
	curl -s --unix-socket "$s" --data-binary "$body" http://sbx/v1/run >/dev/null
done

printf '\n## Java through sbx serve (pool of %s, one connection, paced %s s) vs java -cp DIR Main, same rounds\n' \
	"$BENCH_WARM" "$BENCH_PACE"
printf 'load before: %s\n\n' "$(cat /proc/loadavg)"
printf '| request | sbx median ms | bare | bare median ms | ratio | runs |\n|---|---|---|---|---|---|\n'
# shellcheck disable=SC2154
bench_paced_row "Java hello, warm" "$sock_warm" "java -cp DIR Main" "$java" -cp "$BENCH_TMP/native" Main
# shellcheck disable=SC2154
bench_paced_row "Java hello, cold" "$sock_cold" "java -cp DIR Main" "$java" -cp "$BENCH_TMP/native" Main
printf 'load after: %s\n' "$(cat /proc/loadavg)"
