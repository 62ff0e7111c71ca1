#!/bin/sh
# E2B's SDK against sbx serve --compat e2b (issue 30): runCode's round trip
# beside the native session execution of the same code in the same session
# over the same TCP server (goal: at most 1.2x). Needs the SDK that
# tests/cli/test_compat_e2b.sh installs into build/npm-e2b.
# Usage: SBX=bin/sbx bench/e2b.sh   (RUNS=N)
set -eu
. "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-40}
tmp=$BENCH_TMP
npm=$(cd "$(dirname "$0")/.." && pwd)/build/npm-e2b
if [ ! -d "$npm/node_modules/@e2b/code-interpreter" ] || ! command -v node >/dev/null; then
	echo "bench/e2b: the SDK is missing (run tests/cli/test_compat_e2b.sh once): skipped"
	exit 0
fi
export XDG_CONFIG_HOME="$tmp/config"
export SBX_STATE_DIR="$tmp/state"
head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$tmp/token"
rm -f "$tmp/ready"
mkfifo "$tmp/ready"
"$SBX" serve --listen 127.0.0.1:0 --token-file "$tmp/token" --ready-file "$tmp/ready" \
	--compat e2b 2>/dev/null &
srv=$!
trap 'kill "$srv" 2>/dev/null; rm -rf "$BENCH_TMP"' EXIT
read -r url <"$tmp/ready"
cp "$(dirname "$0")/e2b_rtt.mjs" "$npm/bench-$$.mjs"
set -- $(E2B_API_URL="$url/e2b" E2B_API_KEY="$(cat "$tmp/token")" \
	E2B_SANDBOX_URL="$url/t/$(cat "$tmp/token")/e2b" node "$npm/bench-$$.mjs" "$RUNS")
rm -f "$npm/bench-$$.mjs"
printf '\n## E2B runCode vs the native session execution (median of %s; load: %s)\n\n' "$RUNS" \
	"$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-58s %10s %8s\n' "request" "median ms" "ratio"
printf '%-58s %10.2f %8s\n' "POST /v1/sessions/ID/executions (fetch, TCP)" "$2" "1.00x"
printf '%-58s %10.2f %8s\n' "E2B runCode (POST /e2b/execute, NDJSON)" "$1" \
	"$(echo "$1 $2" | awk '{ printf "%.2fx", $1 / $2 }')"
