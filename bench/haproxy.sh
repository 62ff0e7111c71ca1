#!/bin/sh
# Several nodes behind HAProxy (examples/haproxy, issue 31): three sbx serve
# nodes on this machine behind Debian's HAProxy against one node reached
# directly. Latency: one curl POST /v1/run at a time (hyperfine, median),
# so the proxy's added time per request shows; throughput: BENCH_PROXY_RUNS
# runs from BENCH_PROXY_CLIENTS concurrent curl clients. On one machine the
# nodes share its cores: the ratio says what the proxy costs, not what more
# machines would bring.
. "$(dirname "$0")/lib.sh"

for tool in haproxy curl jq python3; do
	command -v $tool >/dev/null 2>&1 || { echo "bench haproxy: $tool is missing (build-aux/deps.sh test)" >&2; exit 0; }
done
RUNS=${BENCH_PROXY_RUNS:-300}
CLIENTS=${BENCH_PROXY_CLIENTS:-8}
TOKEN=bench-token-0123456789abcdef
printf '%s\n' "$TOKEN" >"$BENCH_TMP/token"
body='{"language":"js","code":"1+1"}'
pids=
for i in 1 2 3; do
	mkfifo "$BENCH_TMP/ready$i"
	"$SBX" serve --node $i --listen 127.0.0.1:0 --token-file "$BENCH_TMP/token" \
		--ready-file "$BENCH_TMP/ready$i" 2>/dev/null &
	pids="$pids $!"
	addr=$(head -n 1 "$BENCH_TMP/ready$i")
	eval "SBX_NODE$i=\${addr#http://}"
done
export SBX_TOKEN="$TOKEN" SBX_NODE1 SBX_NODE2 SBX_NODE3 SBX_PROXY_ADDR=fd@3
mkfifo "$BENCH_TMP/port"
python3 tests/cli/haproxy_bound.py examples/haproxy/haproxy.cfg "$BENCH_TMP/port" 512 \
	>/dev/null 2>&1 &
pids="$pids $!"
PROXY=127.0.0.1:$(head -n 1 "$BENCH_TMP/port")
trap 'kill $pids 2>/dev/null; wait 2>/dev/null; rm -rf "$BENCH_TMP"' EXIT

printf '\n## Three nodes behind HAProxy vs one node direct (sbx run -l js -e 1+1; load: %s)\n\n' \
	"$(cut -d' ' -f1-3 /proc/loadavg)"
hyperfine -N --warmup 5 --runs "$BENCH_RUNS" --export-json "$BENCH_TMP/lat.json" \
	--command-name "one node, direct" \
	"curl -s -H 'Authorization: Bearer $TOKEN' -d '$body' http://$SBX_NODE1/v1/run" \
	--command-name "three nodes, through HAProxy" \
	"curl -s -H 'Authorization: Bearer $TOKEN' -d '$body' http://$PROXY/v1/run" \
	>/dev/null 2>&1 || echo "bench haproxy: hyperfine failed" >&2
printf '| how | median ms per request | added by the proxy |\n|---|---|---|\n'
jq -r '.results[0].median as $d | .results[] |
	"| \(.command) | \(.median * 1000 * 100 | round / 100) | \(if .median == $d then "" else "+\((.median - $d) * 1000 * 100 | round / 100) ms" end) |"' \
	"$BENCH_TMP/lat.json"

# tput ADDR: runs/s of RUNS requests from CLIENTS clients.
tput() {
	t0=$(date +%s.%N)
	seq "$RUNS" | xargs -P "$CLIENTS" -I{} curl -s -o /dev/null -w '%{http_code}\n' \
		-H "Authorization: Bearer $TOKEN" -d "$body" "http://$1/v1/run" >"$BENCH_TMP/codes"
	t1=$(date +%s.%N)
	ok=$(grep -cx 200 "$BENCH_TMP/codes")
	echo "$ok $t0 $t1" | awk '{ printf "%d %.1f", $1, $1 / ($3 - $2) }'
}
set -- $(tput "$SBX_NODE1")
direct_ok=$1 direct=$2
set -- $(tput "$PROXY")
proxy_ok=$1 proxied=$2
printf '\n| how | %s runs, %s clients: answered 200 | runs/s | ratio |\n|---|---|---|---|\n' "$RUNS" "$CLIENTS"
printf '| one node, direct | %s | %s | 1.00x |\n' "$direct_ok" "$direct"
printf '| three nodes, through HAProxy | %s | %s | %sx |\n' "$proxy_ok" "$proxied" \
	"$(echo "$proxied $direct" | awk '{ printf "%.2f", $1 / $2 }')"
