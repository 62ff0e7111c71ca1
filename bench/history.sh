#!/bin/sh
# bench/history.sh — what the execution history costs.
#
#   1. per run: `sbx run -e 1+1` with and without --no-history, side by side
#      (hyperfine, medians); goal: the difference <= 0.3 ms. A run appends
#      one line to history.log and never opens SQLite.
#   2. the import that pays for it: `sbx stats` with 10,000 runs pending in
#      history.log (all inserted in one transaction); goal: well under a second.
#   3. `sbx stats` over 100,000 records; goal: well under a second.
#
# Usage: SBX=bin/sbx bench/history.sh [RUNS]     (needs hyperfine, python3, jq)
set -eu
: "${SBX:=$(cd "$(dirname "$0")/.." && pwd)/bin/sbx}"
RUNS=${1:-500}
for tool in hyperfine python3 jq; do
	command -v "$tool" >/dev/null || { echo "bench/history.sh: needs $tool" >&2; exit 1; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sbx-bench-history.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export SBX_STATE_DIR="$tmp/state"
unset SBX_CONFIG
export XDG_CONFIG_HOME="$tmp/config"

median_ms() { # JSON_FILE INDEX
	jq -r ".results[$2].median * 1000" "$1"
}

echo "== history cost per run ($RUNS runs each, medians)"
"$SBX" run -e 1+1 >/dev/null # the state directory and log exist: the steady state
hyperfine -N --style basic -w 20 -r "$RUNS" --export-json "$tmp/run.json" \
	"$SBX run -e 1+1" "$SBX run -e 1+1 --no-history" >/dev/null
with=$(median_ms "$tmp/run.json" 0)
without=$(median_ms "$tmp/run.json" 1)
printf '  sbx run -e 1+1                %8.3f ms\n' "$with"
printf '  sbx run -e 1+1 --no-history   %8.3f ms\n' "$without"
printf '  history per run               %8.3f ms   (goal <= 0.3 ms)\n' \
	"$(echo "$with - $without" | bc -l)"
# hyperfine runs all of one command, then all of the other: load that comes
# and goes (a busy CI machine) lands on one side. Runs in alternation, paired,
# cancel it.
python3 - "$SBX" "$RUNS" <<'EOF'
import os, statistics, sys, time
sbx, n = sys.argv[1], int(sys.argv[2])
a = [sbx, "run", "-e", "1+1"]
b = a + ["--no-history"]
null = os.open(os.devnull, os.O_WRONLY)
def ms(argv):
    t = time.perf_counter_ns()
    os.waitpid(os.posix_spawn(argv[0], argv, os.environ,
                              file_actions=[(os.POSIX_SPAWN_DUP2, null, 1)]), 0)
    return (time.perf_counter_ns() - t) / 1e6
for i in range(20):
    ms(a), ms(b)
d = []
for i in range(n):
    x, y = (ms(a), ms(b)) if i % 2 else reversed((ms(b), ms(a)))
    d.append(x - y)
print("  history per run, paired      %8.3f ms   (median of %d alternating pairs)"
      % (statistics.median(d), n))
EOF

echo "== sbx stats importing 10,000 pending runs"
rm -rf "$SBX_STATE_DIR"
"$SBX" run -e 1+1 >/dev/null
"$SBX" stats >/dev/null # the database and its schema, as sbx creates them
python3 -c 'import sqlite3, sys
sqlite3.connect(sys.argv[1]).execute("PRAGMA wal_checkpoint(TRUNCATE)")' "$SBX_STATE_DIR/history.db"
cp "$SBX_STATE_DIR/history.db" "$tmp/base.db" # all of it: the WAL is empty
"$SBX" run --label team=t1 -e 1+1 >/dev/null
python3 - "$SBX_STATE_DIR/history.log" "$tmp/pending.log" <<'EOF'
# 10,000 copies of a real record line (one label), each with its own id;
# base.db already holds the first run: 10,001 in all.
import json, sys
rec = json.loads(open(sys.argv[1]).readline())
with open(sys.argv[2], "w") as out:
    for i in range(10000):
        rec["id"] = "pending%08d" % i
        rec["time_ms"] += 1
        out.write(json.dumps(rec, separators=(",", ":")) + "\n")
EOF
s="$SBX_STATE_DIR"
hyperfine -N --style basic -w 2 -r 20 --export-json "$tmp/import.json" \
	--prepare "sh -c 'rm -f $s/history.db-wal $s/history.db-shm; cp $tmp/base.db $s/history.db; cp $tmp/pending.log $s/history.log'" \
	"$SBX stats --json" >/dev/null
printf '  sbx stats (imports 10,000)    %8.1f ms   (goal: well under 1000 ms)\n' \
	"$(median_ms "$tmp/import.json" 0)"
test "$("$SBX" stats --json | jq .total)" -eq 10001 || { echo "bench/history.sh: the import lost records" >&2; exit 1; }

echo "== sbx stats over 100,000 records"
rm -rf "$SBX_STATE_DIR"
"$SBX" run -e 1 >/dev/null
"$SBX" stats >/dev/null # the schema, as sbx creates it
python3 - "$SBX_STATE_DIR/history.db" <<'EOF'
# 100,000 records over the last 30 days: 4 languages, 5% errors, 1% timeouts,
# a label on every tenth, 50 deployments, 1,000 distinct programs.
import hashlib, random, sqlite3, sys, time
random.seed(1)
now = int(time.time() * 1000)
langs = ["javascript", "python", "typescript", "r"]
rows, labels = [], []
for i in range(100000):
    r = random.random()
    status = "timeout" if r < 0.01 else "error" if r < 0.06 else "ok"
    code = hashlib.sha256(b"%d" % (i % 1000)).hexdigest()
    dep = "dep%02d" % (i % 50) if i % 3 == 0 else None
    rows.append((i + 2, "bench%08d" % i, now - random.randrange(30 * 86400000),
                 langs[i % 4], dep, 1 if dep else None, status, int(status == "ok"),
                 0 if status == "ok" else 1, code, "print(%d)" % i, 10,
                 "Error" if status == "error" else None,
                 "boom %d" % i if status == "error" else None,
                 random.lognormvariate(2, 1), random.lognormvariate(1.5, 1),
                 random.randrange(2000, 200000), int(status == "timeout"), 10, 0))
    if i % 10 == 0:
        labels.append((i + 2, "team", "t%d" % (i % 7)))
c = sqlite3.connect(sys.argv[1])
c.executemany("""INSERT INTO executions (seq, id, time_ms, language, deployment,
  deployment_version, status, ok, exit_code, code_sha256, code_head, code_bytes,
  error_name, error_message, wall_ms, cpu_ms, memory_peak_kb, timed_out,
  stdout_bytes, stderr_bytes) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)""", rows)
c.executemany("INSERT INTO labels (seq, key, value) VALUES (?,?,?)", labels)
c.commit()
c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
EOF
hyperfine -N --style basic -w 3 -r 20 --export-json "$tmp/stats.json" \
	"$SBX stats" "$SBX stats --json" "$SBX stats --json --since 7d --language python" \
	"$SBX stats --json --label team=t3" "$SBX stats --json --deployment dep07" \
	"$SBX stats --json --code-sha256 $(printf 7 | sha256sum | cut -c1-64)" >/dev/null
jq -r '.results[] | "  \(.command | sub(".*/sbx "; "sbx "))\t\(.median * 1000 | . * 10 | round / 10) ms"' \
	"$tmp/stats.json" | awk -F'\t' '{ printf "  %-58s %10s\n", $1, $2 }'
echo "  (goal: well under 1000 ms)"
