# load_driver.py SBX RUNS CALLERS TOKEN OUT_JSON — many runs at once.
#
# Used by tests/escape/test_load_small.sh and bench/load.sh. CALLERS threads
# share RUNS `sbx run --json` calls against one state directory
# ($SBX_STATE_DIR), in a fixed mix of languages and outcomes (the kind of
# run i is a function of i, so every mix is reproducible). Each run carries
# --label load=TOKEN (so crash_strays.py can find a leftover sbx) and
# --label i=INDEX. For each run the driver checks the record: valid JSON, a
# unique id, the status, ok flag, exit status, language and result expected
# for its kind. Then it checks the history database: exactly one row per run,
# with that run's id and status.
#
# Writes a JSON summary to OUT_JSON: runs, failures (list of strings),
# counts per kind, ids, wall_s, runs_per_s, p50_ms, p95_ms, max_ms.
import concurrent.futures
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time

sbx, runs, callers, token, out_path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
have = {
    "python": os.access("/usr/bin/python3", os.X_OK),
    "r": any(os.access(d + "/Rscript", os.X_OK) for d in ("/usr/bin", "/usr/local/bin")),
    "java": any(os.access(d + "/java", os.X_OK) for d in ("/usr/bin", "/usr/local/bin")),
}

# name: (weight, language, args, expected status, expected exit, result(n) or None)
KINDS = [
    ("js_ok", 30, "javascript", ["-e", "return inputs.n * 2"], "ok", 0, lambda n: n * 2),
    ("js_error", 10, "javascript", ["-e", "throw new Error('e' + inputs.n)"], "error", 1, None),
    ("js_syntax", 4, "javascript", ["-e", "return (("], "error", 1, None),
    ("js_timeout", 4, "javascript", ["-t", "0.2", "-e", "while (true) {}"], "timeout", 124, None),
    ("js_output", 3, "javascript",
     ["--max-output", "1K", "-e", "while (true) console.log('xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')"],
     "output_limit", 141, None),
    ("py_ok", 25, "python", ["-l", "python", "-e", "inputs['n'] * 3"], "ok", 0, lambda n: n * 3),
    ("py_error", 10, "python", ["-l", "python", "-e", "raise ValueError(inputs['n'])"], "error", 1, None),
    ("py_exit", 5, "python", ["-l", "python", "-e", "import sys\nsys.exit(3)"], "error", 3, None),
    ("py_memory", 4, "python", ["-l", "python", "-m", "64M", "-e", "x = bytearray(256 << 20)"],
     "memory_limit", 137, None),
    ("r_ok", 1, "r", ["-l", "r", "-e", "inputs$n + 1"], "ok", 0, lambda n: n + 1),
    ("java_ok", 1, "java",
     ["-l", "java", "-e",
      "public class Main { public static void main(String[] a) { System.out.println(\"hi\"); } }"],
     "ok", 0, None),
]
KINDS = [k for k in KINDS if k[2] == "javascript" or have[k[2]]]
# A fixed cycle of kinds by weight; run i is cycle[i % len(cycle)], spread
# so that heavy kinds are not bunched together.
cycle = []
total_w = sum(k[1] for k in KINDS)
acc = {k[0]: 0.0 for k in KINDS}
for _ in range(total_w):
    for k in KINDS:
        acc[k[0]] += k[1] / total_w
    best = max(KINDS, key=lambda k: acc[k[0]])
    acc[best[0]] -= 1
    cycle.append(best)

lock = threading.Lock()
failures = []
latencies = []
records = {}  # id -> (i, kind)
counts = {}


def fail(msg):
    with lock:
        if len(failures) < 50:
            failures.append(msg)
        else:
            failures.append("...")


def one(i):
    name, _, lang, args, status, code, result = cycle[i % len(cycle)]
    n = i
    argv = [sbx, "run", "--json", "-i", "n=%d" % n, "--label", "load=" + token, "--label", "i=%d" % i] + args
    t0 = time.monotonic()
    p = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    ms = (time.monotonic() - t0) * 1000.0
    with lock:
        latencies.append(ms)
        counts[name] = counts.get(name, 0) + 1
    where = "run %d (%s)" % (i, name)
    try:
        rec = json.loads(p.stdout)
    except ValueError:
        fail("%s: no valid JSON record (exit %d): %r %r" % (where, p.returncode, p.stdout[:200], p.stderr[:200]))
        return
    if not isinstance(rec, dict) or not isinstance(rec.get("id"), str) or not rec["id"]:
        fail("%s: the record has no id" % where)
        return
    with lock:
        if rec["id"] in records:
            failures.append("%s: duplicate id %s" % (where, rec["id"]))
        records[rec["id"]] = (i, name, status)
    if rec.get("status") != status:
        fail("%s: status %r, expected %r (error %r)" % (where, rec.get("status"), status, rec.get("error")))
    if rec.get("ok") is not (status == "ok"):
        fail("%s: ok is %r" % (where, rec.get("ok")))
    if p.returncode != code:
        fail("%s: sbx exited %d, expected %d; stderr %r" % (where, p.returncode, code, p.stderr[:200]))
    if rec.get("language") != lang:
        fail("%s: language %r" % (where, rec.get("language")))
    if result is not None and rec.get("result") != result(n):
        fail("%s: result %r, expected %r" % (where, rec.get("result"), result(n)))
    if name == "java_ok" and rec.get("stdout") != "hi\n":
        fail("%s: stdout %r" % (where, rec.get("stdout")))
    if p.stderr and status == "ok":
        fail("%s: sbx warned: %r" % (where, p.stderr[:200]))


start = time.monotonic()
with concurrent.futures.ThreadPoolExecutor(max_workers=callers) as ex:
    for f in [ex.submit(one, i) for i in range(runs)]:
        f.result()
wall = time.monotonic() - start

# The history: one row per run, with its id and status, nothing else.
# Runs append to history.log; sbx stats imports it into the database.
p = subprocess.run([sbx, "stats", "--json"], stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
if p.returncode != 0:
    fail("history: sbx stats exit %d: %r" % (p.returncode, p.stderr[:200]))
db = os.path.join(os.environ["SBX_STATE_DIR"], "history.db")
try:
    c = sqlite3.connect("file:" + db + "?mode=ro", uri=True)
    rows = c.execute("SELECT id, status FROM executions").fetchall()
    labelled = c.execute(
        "SELECT count(DISTINCT seq) FROM labels WHERE key = 'load' AND value = ?", (token,)
    ).fetchone()[0]
    c.close()
except sqlite3.Error as e:
    rows, labelled = [], None
    fail("history: %s" % e)
if len(rows) != runs:
    fail("history: %d rows, expected %d" % (len(rows), runs))
seen = {}
for rid, st in rows:
    if rid in seen:
        fail("history: id %s twice" % rid)
    seen[rid] = st
for rid, (i, name, status) in records.items():
    if rid not in seen:
        fail("history: run %d (%s) id %s is missing" % (i, name, rid))
    elif seen[rid] != status:
        fail("history: run %d (%s) recorded as %r" % (i, name, seen[rid]))
if labelled is not None and labelled != runs:
    fail("history: %d runs carry the load label, expected %d" % (labelled, runs))

lat = sorted(latencies)


def pct(p):
    if not lat:
        return None
    return round(lat[min(len(lat) - 1, int(round(p / 100.0 * len(lat) + 0.5)) - 1)], 1)


summary = {
    "runs": runs,
    "callers": callers,
    "records": len(records),
    "history_rows": len(rows),
    "failures": failures,
    "counts": counts,
    "ids": sorted(records),
    "wall_s": round(wall, 2),
    "runs_per_s": round(runs / wall, 1) if wall > 0 else None,
    "p50_ms": pct(50),
    "p95_ms": pct(95),
    "max_ms": round(lat[-1], 1) if lat else None,
}
with open(out_path, "w") as f:
    json.dump(summary, f)
