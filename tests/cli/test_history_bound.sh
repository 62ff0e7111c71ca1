#!/bin/sh
# history.log stays bounded on a machine that only runs: the run that finds
# it past 1 MiB imports it into history.db.
. "$(dirname "$0")/../lib.sh"

sbx run -e 1
expect_rc 0
log="$SBX_STATE_DIR/history.log"
check "a run appends to history.log" test -s "$log"
line=$(head -n 1 "$log")
id=$(printf '%s' "$line" | jq -r .id)
check "the record has an id" test -n "$id"
# 2,500 more distinct records (~1.2 MiB), as if nothing had read them.
prefix=$(printf '%s' "$id" | cut -c1-20)
printf '%s\n' "$line" | awk -v n=2500 -v old="$id" -v prefix="$prefix" '{
	for (i = 0; i < n; i++) {
		s = $0
		sub(old, sprintf("%s%06d", prefix, i), s)
		print s
	}
}' >>"$log"
check "the log is past the threshold" test "$(wc -c <"$log")" -gt 1048576
sbx run -e 2
expect_rc 0
expect_out "2"
check "the run imported the log" test ! -s "$log"
sbx stats --json
expect_rc 0
expect_json .total 2502
finish
