#!/usr/bin/env python3
"""Load test of sbx serve: N runs from C concurrent clients over the unix
socket, mixed languages and outcomes. Every request must be answered (200
with a record, or 503 overloaded, which the client retries after
Retry-After), every record must be in the history, and the server's RSS and
open fds are printed before and after.

Usage: serve_load.py SBX N CLIENTS
"""
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

sbx, total, clients = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
tmp = tempfile.mkdtemp(prefix="sbx-load.")
state = os.path.join(tmp, "state")
ready = os.path.join(tmp, "ready")
os.mkfifo(ready)
srv = subprocess.Popen([sbx, "serve", "--state-dir", state, "--ready-file", ready,
                        "--max-queue", "16"], stderr=subprocess.DEVNULL)
addr = open(ready).readline().strip()
sock_path = addr[len("unix:"):]

CASES = [
    ({"language": "js", "code": "1+1"}, "ok"),
    ({"language": "js", "code": "throw new Error('x')"}, "error"),
    ({"language": "js", "code": "while(true){}", "timeout": "200ms"}, "timeout"),
    ({"language": "python", "code": "print(6*7)"}, "ok"),
    ({"language": "python", "code": "import sys; sys.exit(3)"}, "error"),
]
WEIGHTS = [6, 1, 1, 1, 1]  # mostly JavaScript: the common, fast case
plan = []
while len(plan) < total:
    for c, w in zip(CASES, WEIGHTS):
        plan.extend([c] * w)
plan = plan[:total]


class UC(http.client.HTTPConnection):
    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(sock_path)


def usage():
    # RSS, open fds, and of those the non-socket ones. A connection the
    # client has just closed may still be open in the server until it reads
    # the EOF (a matter of scheduling under load), so sockets are bounded by
    # the clients; pipes and files, which a leak around the children would
    # grow, must not grow at all.
    rss = [l for l in open(f"/proc/{srv.pid}/status") if l.startswith("VmRSS")][0].split()[1]
    fds = []
    for f in os.listdir(f"/proc/{srv.pid}/fd"):
        try:
            fds.append(os.readlink(f"/proc/{srv.pid}/fd/{f}"))
        except OSError:
            pass
    return int(rss), len(fds), len([l for l in fds if not l.startswith("socket:")])


lock = threading.Lock()
ids, bad, retries = [], [], [0]
next_i = [0]


def client():
    conn = UC("sbx", timeout=600)
    while True:
        with lock:
            i = next_i[0]
            next_i[0] += 1
        if i >= total:
            return
        body, want = plan[i]
        body = dict(body, id=f"load-{i}", timeout=body.get("timeout", 60), labels={"load": "1"})
        while True:
            conn.request("POST", "/v1/run", body=json.dumps(body))
            r = conn.getresponse()
            data = r.read()
            if r.status == 503:
                with lock:
                    retries[0] += 1
                time.sleep(float(r.getheader("Retry-After", "1")) / 10)
                continue
            break
        rec = json.loads(data)
        with lock:
            if r.status != 200 or rec.get("status") != want or rec.get("request_id") != f"load-{i}":
                bad.append((i, r.status, rec.get("status"), want))
            else:
                ids.append(rec["id"])


warm = UC("sbx")
warm.request("POST", "/v1/run", body='{"code":"1"}')
warm.getresponse().read()
before = usage()
t0 = time.time()
threads = [threading.Thread(target=client) for _ in range(clients)]
for t in threads:
    t.start()
for t in threads:
    t.join()
took = time.time() - t0
after = usage()
srv.terminate()
rc = srv.wait()
stats = json.loads(subprocess.run([sbx, "stats", "--state-dir", state, "--label", "load=1", "--json"],
                                  capture_output=True, text=True).stdout)
print(f"{total} runs, {clients} clients: {took:.1f} s ({total / took:.1f} runs/s), "
      f"{retries[0]} 503s retried")
print(f"server RSS {before[0]} KiB -> {after[0]} KiB, open fds {before[1]} -> {after[1]}"
      f" (not sockets: {before[2]} -> {after[2]})")
print(f"history: {stats['total']} records with label load=1; server exit {rc}")
ok = not bad and len(ids) == total and stats["total"] == total and rc == 0 and after[2] <= before[2] \
    and after[1] <= before[1] + clients
if bad:
    print("wrong answers:", bad[:5])
subprocess.run(["rm", "-rf", tmp])
sys.exit(0 if ok else 1)
