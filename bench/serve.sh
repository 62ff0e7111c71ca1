#!/bin/sh
# The HTTP API: sbx run -l js -e 1+1 locally, through sbx serve over its unix
# socket and over TCP (curl as the client, so the client's own start-up is
# not sbx's), and sbx --remote. The difference is what the server adds.
# Then a warm session execution, locally and through the API.
. "$(dirname "$0")/lib.sh"

command -v curl >/dev/null 2>&1 || { echo "bench serve: curl is missing" >&2; exit 0; }
printf 'bench-token-0123456789abcdef\n' >"$BENCH_TMP/token"
mkfifo "$BENCH_TMP/ready1" "$BENCH_TMP/ready2"
"$SBX" serve --ready-file "$BENCH_TMP/ready1" 2>/dev/null &
p1=$!
"$SBX" serve --listen 127.0.0.1:0 --token-file "$BENCH_TMP/token" \
	--ready-file "$BENCH_TMP/ready2" 2>/dev/null &
p2=$!
unix=$(head -n 1 "$BENCH_TMP/ready1")
tcp=$(head -n 1 "$BENCH_TMP/ready2")
body='{"language":"js","code":"1+1"}'

rows="sbx run -l js -e 1+1 --json (local)|$SBX run -l js -e 1+1 --json"
rows="$rows
curl POST /v1/run over the unix socket|curl -s --unix-socket ${unix#unix:} -d $body http://sbx/v1/run"
rows="$rows
curl POST /v1/run over TCP|curl -s -H 'Authorization: Bearer bench-token-0123456789abcdef' -d $body $tcp/v1/run"
rows="$rows
sbx --remote (unix) run -l js -e 1+1 --json|$SBX --remote $unix run -l js -e 1+1 --json"
rows="$rows
curl GET /v1/health (unix; the HTTP floor)|curl -s --unix-socket ${unix#unix:} http://sbx/v1/health"
IFS='
'
# shellcheck disable=SC2086
bench_table "sbx run locally vs through sbx serve" $rows
# A warm session: the execution in the session's live interpreter, asked
# for here (sbx session exec) and through the API (issue 15's goal: the
# API keeps a warm exec at 3 ms or less).
"$SBX" session create -n bench >/dev/null
"$SBX" session exec bench -e 'x = 1' >/dev/null
srows="sbx session exec -e 1+1 --json (local)|$SBX session exec bench -e 1+1 --json"
srows="$srows
curl POST /v1/sessions/bench/executions (unix)|curl -s --unix-socket ${unix#unix:} -d {\"code\":\"1+1\"} http://sbx/v1/sessions/bench/executions"
srows="$srows
sbx --remote (unix) session exec -e 1+1 --json|$SBX --remote $unix session exec bench -e 1+1 --json"
# shellcheck disable=SC2086
bench_table "warm session exec locally vs through sbx serve" $srows
unset IFS
"$SBX" session delete bench
kill -TERM "$p1" "$p2"
wait "$p1" "$p2"
