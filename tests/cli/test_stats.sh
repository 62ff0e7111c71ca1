#!/bin/sh
# sbx stats and sbx gc over a few known runs: counts, filters, validation,
# the text view, retention (by gc, and by stats as it imports the runs).
. "$(dirname "$0")/../lib.sh"

db="$SBX_STATE_DIR/history.db"

# --- nothing recorded yet ---
sbx stats
expect_rc 0
expect_out_contains "0 executions"
check "stats creates no state directory" test ! -e "$SBX_STATE_DIR"
sbx stats --json
expect_json .total 0
expect_json .success_rate null
expect_json .recent_failures '[]'

# --- three known runs ---
sbx run --label team=a -e '1 + 1'
sbx run --label team=a --label env=ci -e 'throw new TypeError("bad input")'
sbx run --label team=b -t 0.2 -e 'while (true) {}'
expect_rc 124
sbx run --json -e '1 + 1'
hash=$(printf '%s' "$out" | jq -r .code_sha256)

sbx stats --json
expect_rc 0
expect_json .total 4
expect_json .succeeded 2
expect_json .failed 2
expect_json .success_rate 0.5
expect_json .timeouts 1
expect_json .memory_limits 0
expect_json .by_language '{"javascript": 4}'
expect_json '.by_status.error' 1
expect_json '.by_status.timeout' 1
expect_json '.recent_failures | length' 2
expect_json '.recent_failures[0].status' '"timeout"'
expect_json '.recent_failures[1].error' '{"name": "TypeError", "message": "bad input"}'
expect_jq '.wall_ms.max >= 200 and .wall_ms.p50 <= .wall_ms.p95 and .wall_ms.p95 <= .wall_ms.max'
expect_jq '[.wall_histogram[].count] | add == 4'
expect_jq '.daily[-1].executions == 4 and .daily[-1].failures == 2'
expect_json '.top_code[0]' "$(printf '%s' "$out" | jq -c '.top_code[0]')"
expect_json '.top_code[0].executions' 2

# --- filters ---
sbx stats --json --label team=a
expect_json .total 2
sbx stats --json --label team=a --label env=ci
expect_json .total 1
sbx stats --json --label team=nobody
expect_json .total 0
sbx stats --json --language js
expect_json .total 4
expect_json .filters.language '"javascript"'
sbx stats --json --language python
expect_json .total 0
sbx stats --json --since 1h
expect_json .total 4
sbx stats --json --since 30m --until now
expect_json .total 4
sbx stats --json --until 2001-01-01
expect_json .total 0
sbx stats --json --since 2099-01-01T00:00:00Z
expect_json .total 0
sbx stats --json --code-sha256 "$hash"
expect_json .total 2
expect_json '.code.executions | length' 2
expect_json .code.head '"1 + 1"'
sbx stats --json --code-sha256 "$(printf '%.12s' "$hash" | tr a-f A-F)"
expect_json .total 2
expect_json .code.sha256 "\"$hash\""
sbx stats --json --failures 1
expect_json '.recent_failures | length' 1
sbx stats --json --deployment nothing-here
expect_json .total 0
sbx stats --format ndjson
check "--format ndjson is one line" test "$(printf '%s\n' "$out" | wc -l)" -eq 1
expect_jq '.total == 4'

# --- validation: exit 125 with a message naming the fix ---
for args in "--since yesterday" "--until 7x" "--since 2026-02-30" "--failures -1" \
	"--failures 5000" "--language cobol" "--label novalue" "--label =x" \
	"--code-sha256 abc" "--deployment ../x" "--format xml" "extra" "--bogus"; do
	# shellcheck disable=SC2086
	sbx stats $args
	expect_rc 125
	check "'stats $args' explains itself" test -n "$err"
done
sbx stats --since 1d --until 2d
expect_rc 125
expect_err_contains "not before"
sbx stats --since nonsense
expect_err_contains "7d"

# --- the text view ---
sbx stats
expect_rc 0
expect_out_contains "4 executions"
expect_out_contains "succeeded"
expect_out_contains "50.0%"
expect_out_contains "p95"
expect_out_contains "by language"
expect_out_contains "javascript"
expect_out_contains "wall time"
expect_out_contains "█"
expect_out_contains "recent failures"
expect_out_contains "TypeError: bad input"
sbx stats --label team=nobody
expect_out_contains "no executions recorded that match"
sbx stats -h
expect_rc 0
expect_out_contains "--code-sha256"

# An error message from the code cannot drive the terminal.
sbx run -e 'throw new Error("\u001b[31mred\nsecond line")'
sbx stats --failures 1
check "control characters are not printed" sh -c 'printf "%s" "$1" | grep -q "$(printf "\033")" && exit 1 || exit 0' _ "$out"
expect_out_contains '\x1b[31mred\nsecond line'

# --- gc: retention ---
# A record from 40 days ago, written the way sbx writes them.
python3 - "$db" <<'EOF'
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1])
t = int(time.time() * 1000) - 40 * 86400000
c.execute("""INSERT INTO executions (id, time_ms, language, status, ok, code_sha256,
  code_head, code_bytes, wall_ms, cpu_ms, memory_peak_kb, timed_out, stdout_bytes,
  stderr_bytes) VALUES ('old', ?, 'python', 'ok', 1, 'x', 'x', 1, 1, 1, 1, 0, 0, 0)""", (t,))
c.execute("INSERT INTO labels (seq, key, value) VALUES (last_insert_rowid(), 'k', 'v')")
c.commit()
EOF
sbx stats --json
expect_json .total 6
sbx stats --json --since 7d
expect_json .total 5
sbx gc --retention 0
expect_rc 0
expect_out_contains "kept everything"
sbx gc --retention 90 --json
expect_json .history.deleted 0
sbx gc
expect_rc 0
expect_out_contains "removed 1 record older than 30 days"
sbx stats --json
expect_json .total 5
expect_json .by_language '{"javascript": 5}'
check "the old record's labels are gone" test "$(python3 -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM labels WHERE key = ?", ("k",)).fetchone()[0])' "$db")" = 0
sbx gc --json
expect_json .history.deleted 0
expect_json .history.retention_days 30
printf 'history:\n  retention_days: 7\n' >"$T_TMP/week.yaml"
sbx gc --config "$T_TMP/week.yaml" --json
expect_json .history.retention_days 7
sbx gc --retention forever
expect_rc 125
sbx gc extra
expect_rc 125

# --- retention at import: runs never prune, the reader does ---
# two_runs — two runs, the first made 40 days old in history.log.
two_runs() {
	sbx run -e '"old"'
	sbx run -e '"new"'
	python3 - "$SBX_STATE_DIR/history.log" <<'EOF'
import json, sys
p = sys.argv[1]
recs = [json.loads(line) for line in open(p)]
recs[0]["time_ms"] -= 40 * 86400000
open(p, "w").write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in recs))
EOF
}
two_runs
sbx stats --json
expect_rc 0
expect_json .total 6
old_hash=$(printf '%s' '"old"' | sha256sum | cut -c1-64)
sbx stats --json --code-sha256 "$old_hash"
expect_json .total 0
sbx gc --json
expect_json .history.deleted 0
printf 'history:\n  retention_days: 0\n' >"$T_TMP/keep.yaml"
two_runs
sbx stats --config "$T_TMP/keep.yaml" --json
expect_json .total 8
sbx stats --json --code-sha256 "$old_hash"
expect_json .total 1
sbx gc --json
expect_json .history.deleted 1

finish
