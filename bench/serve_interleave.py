#!/usr/bin/env python3
"""What sbx serve adds to a run, measured round-robin (bench/serve.sh).

On a shared machine the load drifts between hyperfine's commands, which run
one after the other; here every round runs each variant once, in turn, so
all of them see the same load. Variants: `sbx run -l js -e 1+1 --json` as a
new process (the CLI), `sbx --remote ADDR run ...` (a new client process per
run), and a keep-alive client (this process, one connection per server: the
server's own cost, no client start). Prints medians and "server overhead per
run" = remote − local.

usage: serve_interleave.py ROUNDS TOKEN NAME=SBX=UNIX_ADDR=TCP_URL...
       serve_interleave.py --throughput N CLIENTS UNIX_ADDR
The second form: runs/s of N POST /v1/run from CLIENTS keep-alive clients
(threads, one connection each) at once, no client process per request.
"""
import http.client
import socket
import statistics
import subprocess
import sys
import time

BODY = b'{"language":"js","code":"1+1"}'


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("sbx")
        self.path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.path)


def post(conn, headers):
    t = time.perf_counter()
    conn.request("POST", "/v1/run", BODY, headers)
    r = conn.getresponse()
    data = r.read()
    dt = (time.perf_counter() - t) * 1000
    if r.status != 200 or b'"result":2' not in data:
        sys.exit(f"bench: unexpected answer {r.status}: {data[:200]!r}")
    return dt


def proc(argv):
    t = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - t) * 1000


def throughput(n, clients, unix):
    import threading
    left = [n]
    lock = threading.Lock()

    def client():
        c = UnixConnection(unix[len("unix:"):])
        while True:
            with lock:
                if left[0] == 0:
                    return
                left[0] -= 1
            post(c, {})

    threads = [threading.Thread(target=client) for _ in range(clients)]
    t = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    print(f"{n / (time.perf_counter() - t):.1f}")


def main():
    if sys.argv[1] == "--throughput":
        return throughput(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    rounds, token = int(sys.argv[1]), sys.argv[2]
    variants = []  # (label, kind, thunk)
    for spec in sys.argv[3:]:
        name, sbx, unix, tcp = spec.split("=", 3)
        cu = UnixConnection(unix[len("unix:"):])
        host = tcp[len("http://"):]
        ct = http.client.HTTPConnection(host)
        auth = {"Authorization": "Bearer " + token}
        run = [sbx, "run", "-l", "js", "-e", "1+1", "--json"]
        variants += [
            (f"local sbx run ({name})", name, "local", lambda run=run: proc(run)),
            (f"sbx --remote unix ({name})", name, "remote",
             lambda sbx=sbx, unix=unix: proc([sbx, "--remote", unix] + run[1:])),
            (f"keep-alive unix ({name})", name, "remote", lambda c=cu: post(c, {})),
            (f"keep-alive tcp ({name})", name, "remote", lambda c=ct, a=auth: post(c, a)),
        ]
    times = {v[0]: [] for v in variants}
    for v in variants:  # warm-up: caches, connections
        v[3]()
    for i in range(rounds):
        k = i % len(variants)  # rotate the order: no variant always runs first
        for v in variants[k:] + variants[:k]:
            times[v[0]].append(v[3]())
    med = {k: statistics.median(t) for k, t in times.items()}
    print(f"| variant ({rounds} rounds, round-robin) | median ms | p10 ms | p90 ms | overhead ms |")
    print("|---|---|---|---|---|")
    for label, name, kind, _ in variants:
        t = sorted(times[label])
        p10, p90 = t[len(t) // 10], t[len(t) * 9 // 10]
        over = "" if kind == "local" else f"{med[label] - med[f'local sbx run ({name})']:+.2f}"
        print(f"| {label} | {med[label]:.2f} | {p10:.2f} | {p90:.2f} | {over} |")


if __name__ == "__main__":
    main()
