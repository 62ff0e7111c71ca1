#!/bin/sh
# sbx session ttl ID --ttl DUR: the session expires DUR from now and each
# execution renews it by DUR (what E2B's setTimeout maps to). A running
# daemon takes it (it holds the manifest and writes it after each
# execution: the next execution renews by the new TTL, not the old one); a
# stopped session's manifest takes it on disk and its next start reads it;
# an expired session, a bad duration, a TTL over sessions.max_ttl and
# other options are refused and change nothing.
. "$(dirname "$0")/../lib.sh"
SD="$SBX_STATE_DIR"
manifest() { echo "$SD/sessions/$1/manifest.yaml"; }
now_ms() { date +%s%3N; }
# jq_out EXPR: $out's JSON satisfies EXPR
jq_out() { printf '%s' "$out" | jq -e "$@" >/dev/null; }

sbx session create -n t --ttl 1h
ID=$out
sbx session exec t -e 'x = 7'
expect_rc 0

# --- running: the daemon takes it --------------------------------------
before=$(now_ms)
sbx session ttl t --ttl 2h
expect_rc 0
expect_out ""
sbx session get t --json
check "running: ttl_ms is 2h ($out)" jq_out '.ttl_ms == 7200000 and .status == "running"'
check "running: it expires 2h from the call" \
	jq_out --argjson b "$before" '.expires_at_ms >= $b + 7200000 and .expires_at_ms < $b + 7200000 + 600000'
# the daemon's memory has it: the next execution renews by 2h, not 1h
sbx session exec t -e 'print(x)'
expect_out "7"
sbx session get t --json
check "an execution renews by the new TTL" jq_out --argjson b "$before" '.expires_at_ms >= $b + 7200000'
check "the manifest on disk says it" grep -q '^ttl_ms: 7200000$' "$(manifest "$ID")"

# --- stopped: the manifest takes it; the next start reads it ------------
sbx session stop t
expect_rc 0
before=$(now_ms)
sbx session ttl t --ttl 90s --json
expect_rc 0
check "stopped: the description says 90 s and stopped ($out)" \
	jq_out --argjson b "$before" '.ttl_ms == 90000 and .status == "stopped" and .expires_at_ms >= $b + 90000'
sbx session exec t -e 'print(x)'
expect_out "7"
sbx session get t --json
check "restarted with the new TTL ($out)" jq_out '.ttl_ms == 90000 and .status == "running"'

# --- refused, nothing changed -------------------------------------------
sbx session ttl t
expect_rc 125
expect_err_contains "usage: sbx session ttl ID|NAME --ttl DURATION"
sbx session ttl t --ttl 100d
expect_rc 125
expect_err_contains "at most 14d"
sbx session ttl t --ttl 0s
expect_rc 125
expect_err_contains "--ttl"
sbx session ttl t --ttl soon
expect_rc 125
expect_err_contains "--ttl"
sbx session ttl t --ttl 1m -e 1
expect_rc 125
sbx session ttl nosuch --ttl 1m
expect_rc 125
expect_err_contains "no session 'nosuch'"
sbx session get t --json
check "the refusals changed nothing ($out)" jq_out '.ttl_ms == 90000'

# --- expired: refused, no resurrection -----------------------------------
sbx session stop t
sed -i 's/^expires_at_ms: .*/expires_at_ms: 1/' "$(manifest "$ID")"
sbx session ttl t --ttl 1h
expect_rc 125
expect_err_contains "has expired"
check "the expired manifest is unchanged" grep -q '^expires_at_ms: 1$' "$(manifest "$ID")"
sbx session delete t >/dev/null

# --- over HTTP and sbx --remote: the same, POST /v1/sessions/REF/ttl -----
head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$T_TMP/token"
TOKEN=$(cat "$T_TMP/token")
start_server serve --listen 127.0.0.1:0 --token-file "$T_TMP/token"
URL=$SERVER_URL
hpost() { out=$(curl -s -w '\n%{http_code}' -H "Authorization: Bearer $TOKEN" "$URL$1" -d "$2"); code=${out##*
}; out=${out%
*}; }
sbx session create -n h --ttl 1h
HID=$out
before=$(now_ms)
hpost "/v1/sessions/h/ttl" '{"ttl": "3h"}'
check "HTTP: 200 with the session's description, its new TTL ($code $out)" \
	sh -c 'test "$1" = 200 && printf "%s" "$2" | jq -e --argjson b "$3" ".ttl_ms == 10800000 and .expires_at_ms >= \$b + 10800000 and (has(\"rundir\") | not)" >/dev/null' _ "$code" "$out" "$before"
hpost "/v1/sessions/h/ttl" '{}'
check "HTTP: no ttl is 400 naming the key ($code $out)" \
	sh -c 'test "$1" = 400 && printf "%s" "$2" | grep -q ttl' _ "$code" "$out"
hpost "/v1/sessions/h/ttl" '{"ttl": "100d"}'
check "HTTP: past sessions.max_ttl is 400 saying so ($code $out)" \
	sh -c 'test "$1" = 400 && printf "%s" "$2" | grep -q "max_ttl" && ! printf "%s" "$2" | grep -q -- --ttl' _ "$code" "$out"
hpost "/v1/sessions/nosuch/ttl" '{"ttl": "1h"}'
check "HTTP: an unknown session is 404 ($code)" test "$code" = 404
sbx --remote "$URL" --token-file "$T_TMP/token" session ttl h --ttl 5h
check "sbx --remote session ttl: as locally, nothing printed ($rc '$out' $err)" test "$rc" = 0 -a -z "$out"
sbx session get h --json
check "the session took it (5h: $out)" jq_out '.ttl_ms == 18000000'
sbx --remote "$URL" --token-file "$T_TMP/token" session ttl h
expect_rc 125
expect_err_contains "usage: sbx session ttl"
sed -i 's/^expires_at_ms: .*/expires_at_ms: 1/' "$(manifest "$HID")"
hpost "/v1/sessions/$HID/ttl" '{"ttl": "1h"}'
check "HTTP: an expired session is 409 ($code $out)" \
	sh -c 'test "$1" = 409 && printf "%s" "$2" | grep -q "has expired"' _ "$code" "$out"
finish
