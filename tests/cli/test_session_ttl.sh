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
finish
