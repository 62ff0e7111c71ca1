#!/bin/sh
# The HTTP API: what sbx serve adds to a run (issue 15's goal: at most
# 0.5 ms a run over a unix socket).
#
# 1. One hyperfine run, side by side: sbx run -l js -e 1+1 locally, curl
#    POST /v1/run over the unix socket and over TCP (curl as the client, so
#    the client's start-up is not sbx's), sbx --remote over the unix socket,
#    and GET /v1/health (the HTTP floor).
# 2. A keep-alive client: one curl process sending BENCH_KEEPALIVE requests
#    on one connection; each request's time from curl's -w: the server's own
#    cost with no client process start.
# 3. Runs/s with 2 and 32 concurrent clients, the CLI against the server.
# "server overhead per run" = the remote median − the local median.
#
# SBX_BEFORE=/path/to/other/sbx adds a server of that binary to every table
# (e.g. main's, to compare before/after in the same run and under the same
# load). Then a warm session execution, locally and through the API.
. "$(dirname "$0")/lib.sh"

command -v curl >/dev/null 2>&1 || { echo "bench serve: curl is missing" >&2; exit 0; }
BENCH_KEEPALIVE=${BENCH_KEEPALIVE:-200}
BENCH_TPUT=${BENCH_TPUT:-200}
TOKEN=bench-token-0123456789abcdef
printf '%s\n' "$TOKEN" >"$BENCH_TMP/token"
body='{"language":"js","code":"1+1"}'

# serve_start NAME BINARY — a unix and a TCP server of BINARY; sets
# UNIX_NAME, TCP_NAME (their addresses) and adds their pids to $pids.
pids=
serve_start() {
	mkfifo "$BENCH_TMP/ready.$1.u" "$BENCH_TMP/ready.$1.t"
	"$2" serve --listen "unix:$BENCH_TMP/$1.sock" --ready-file "$BENCH_TMP/ready.$1.u" \
		2>/dev/null &
	pids="$pids $!"
	"$2" serve --listen 127.0.0.1:0 --token-file "$BENCH_TMP/token" \
		--ready-file "$BENCH_TMP/ready.$1.t" 2>/dev/null &
	pids="$pids $!"
	eval "UNIX_$1=\$(head -n 1 \"\$BENCH_TMP/ready.$1.u\")"
	eval "TCP_$1=\$(head -n 1 \"\$BENCH_TMP/ready.$1.t\")"
}
serve_start after "$SBX"
[ -n "${SBX_BEFORE:-}" ] && serve_start before "$SBX_BEFORE"

# rows_for NAME BINARY — the hyperfine commands for one server.
rows_for() {
	eval "_u=\$UNIX_$1 _t=\$TCP_$1"
	printf '%s\n' "--command-name=curl unix ($1)" \
		"curl -s --unix-socket ${_u#unix:} -d '$body' http://sbx/v1/run"
	printf '%s\n' "--command-name=curl tcp ($1)" \
		"curl -s -H 'Authorization: Bearer $TOKEN' -d '$body' $_t/v1/run"
	printf '%s\n' "--command-name=sbx --remote unix ($1)" "$2 --remote $_u run -l js -e 1+1 --json"
	printf '%s\n' "--command-name=curl health unix ($1)" \
		"curl -s --unix-socket ${_u#unix:} http://sbx/v1/health"
}
{
	printf '%s\n' "--command-name=local sbx run" "$SBX run -l js -e 1+1 --json"
	[ -n "${SBX_BEFORE:-}" ] &&
		printf '%s\n' "--command-name=local sbx run (before)" "$SBX_BEFORE run -l js -e 1+1 --json"
	rows_for after "$SBX"
	[ -n "${SBX_BEFORE:-}" ] && rows_for before "$SBX_BEFORE"
} >"$BENCH_TMP/rows"

printf '\n## sbx run -l js -e 1+1: locally and through sbx serve, one hyperfine run (median of %s)\n' \
	"$BENCH_RUNS"
printf 'load before: %s\n\n' "$(cat /proc/loadavg)"
IFS='
'
# shellcheck disable=SC2046
hyperfine -N --warmup 5 --runs "$BENCH_RUNS" --export-json "$BENCH_TMP/all.json" \
	$(cat "$BENCH_TMP/rows") >/dev/null 2>&1 || { echo "bench serve: hyperfine failed" >&2; }
unset IFS
jq -r '.results[0].median as $b | .results[] |
	"| \(.command) | \(.median * 1000 * 100 | round / 100) | \(.mean * 1000 * 100 | round / 100) ± \(.stddev * 1000 * 100 | round / 100) | \(.median / $b * 100 | round / 100)x |"' \
	"$BENCH_TMP/all.json" | {
	printf '| command | median ms | mean ± sd ms | ratio |\n|---|---|---|---|\n'
	cat
}
median() { jq -r --arg c "$1" '.results[] | select(.command == $c) | .median * 1000' "$BENCH_TMP/all.json"; }
local_ms=$(median "local sbx run")

# keepalive NAME URL CURL-ARGS... — BENCH_KEEPALIVE POSTs on one connection;
# prints the median of their times (ms).
keepalive() {
	_n=$BENCH_KEEPALIVE _url=$2 _urls=
	while [ "$_n" -gt 0 ]; do
		_urls="$_urls $_url"
		_n=$((_n - 1))
	done
	shift 2
	# shellcheck disable=SC2086
	curl -s "$@" -d "$body" -w '\nT %{time_total} %{num_connects}\n' $_urls |
		awk '/^T / { print $2 * 1000 }' | sort -n |
		awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'
}

# The same comparison round-robin: every variant once per round, so a load
# that drifts (a shared machine) weighs on all of them alike.
printf '\n## round-robin: local vs remote, one round = each variant once\n\n'
specs="after=$SBX=$UNIX_after=$TCP_after"
[ -n "${SBX_BEFORE:-}" ] && specs="$specs before=$SBX_BEFORE=$UNIX_before=$TCP_before"
# shellcheck disable=SC2086
/usr/bin/python3 "$(dirname "$0")/serve_interleave.py" "${BENCH_INTERLEAVE:-100}" "$TOKEN" $specs

printf '\n## keep-alive: %s POST /v1/run on one connection (one curl process)\n\n' \
	"$BENCH_KEEPALIVE"
printf '| server | median ms per run | server overhead per run (ms, − local %.2f) |\n|---|---|---|\n' \
	"$local_ms"
for who in after ${SBX_BEFORE:+before}; do
	eval "_u=\$UNIX_$who _t=\$TCP_$who"
	ku=$(keepalive "$who" http://sbx/v1/run --unix-socket "${_u#unix:}")
	kt=$(keepalive "$who" "$_t/v1/run" -H "Authorization: Bearer $TOKEN")
	awk -v l="$local_ms" -v u="$ku" -v t="$kt" -v w="$who" 'BEGIN {
		printf "| unix, keep-alive (%s) | %.2f | %+.2f |\n", w, u, u - l
		printf "| tcp, keep-alive (%s) | %.2f | %+.2f |\n", w, t, t - l }'
done

printf '\n## server overhead per run = remote median − local median (one process per request)\n\n'
printf '| client | remote ms | local ms | overhead ms |\n|---|---|---|---|\n'
for who in after ${SBX_BEFORE:+before}; do
	lm=$local_ms
	[ "$who" = before ] && lm=$(median "local sbx run (before)")
	for c in "curl unix" "curl tcp" "sbx --remote unix"; do
		awk -v r="$(median "$c ($who)")" -v l="$lm" -v c="$c ($who)" \
			'BEGIN { printf "| %s | %.2f | %.2f | %+.2f |\n", c, r, l, r - l }'
	done
done

printf '\n## runs/s, %s runs of sbx run -l js -e 1+1\n\n' "$BENCH_TPUT"
printf '| how | clients | runs/s |\n|---|---|---|\n'
for p in 2 32; do
	bench_throughput "local sbx run" "$BENCH_TPUT" "$p" "$SBX run -l js -e 1+1 --json"
	for who in after ${SBX_BEFORE:+before}; do
		eval "_u=\$UNIX_$who"
		bench_throughput "curl unix ($who)" "$BENCH_TPUT" "$p" \
			"curl -s --unix-socket ${_u#unix:} -d '$body' http://sbx/v1/run"
		# The same with no client process per request: the server's rate.
		printf '| %-44s | %6d callers | %8.0f runs/s |\n' "keep-alive unix ($who)" "$p" \
			"$(/usr/bin/python3 "$(dirname "$0")/serve_interleave.py" --throughput \
				"$BENCH_TPUT" "$p" "$_u")"
	done
done
printf '\nload after: %s\n' "$(cat /proc/loadavg)"

# A warm session: the execution in the session's live interpreter, asked
# for here (sbx session exec) and through the API (issue 15's goal: the
# API keeps a warm exec at 3 ms or less).
"$SBX" session create -n bench >/dev/null
"$SBX" session exec bench -e 'x = 1' >/dev/null
srows="sbx session exec -e 1+1 --json (local)|$SBX session exec bench -e 1+1 --json"
srows="$srows
curl POST /v1/sessions/bench/executions (unix)|curl -s --unix-socket ${UNIX_after#unix:} -d {\"code\":\"1+1\"} http://sbx/v1/sessions/bench/executions"
srows="$srows
sbx --remote (unix) session exec -e 1+1 --json|$SBX --remote $UNIX_after session exec bench -e 1+1 --json"
IFS='
'
# shellcheck disable=SC2086
bench_table "warm session exec locally vs through sbx serve" $srows
unset IFS
"$SBX" session delete bench
# shellcheck disable=SC2086
kill -TERM $pids
# shellcheck disable=SC2086
wait $pids
