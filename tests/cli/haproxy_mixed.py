#!/usr/bin/python3
"""Mixed requests through a proxy, for test_haproxy.sh: N requests from 8
threads, a third each JavaScript runs, Python runs and executions of the
deployment DEP; each labelled req=FIRST..FIRST+N-1 and checked for its own
answer (200, status ok, the output its number gives). Prints one line:
"sent N ok K bad B" and, for the bad ones, what went wrong (at most 5).
Usage: haproxy_mixed.py HOST:PORT TOKEN DEP FIRST N"""
import http.client
import json
import sys
import threading

addr, token, dep, first, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
host, port = addr.rsplit(":", 1)
lock = threading.Lock()
ok, bad = 0, []
todo = list(range(first, first + count))


def request(n):
    kind = n % 3
    if kind == 0:
        path, body, want = "/v1/run", {"language": "js", "code": "console.log(%d * 3)" % n}, "%d\n" % (n * 3)
    elif kind == 1:
        path, body, want = "/v1/run", {"language": "python", "code": "print(%d * 3)" % n}, "%d\n" % (n * 3)
    else:
        path, body, want = "/v1/deployments/%s/executions" % dep, {"inputs": {"n": n}}, "%d\n" % (n * 3)
    body["timeout"] = 300
    body["labels"] = {"req": str(n)}
    return path, json.dumps(body), want


def worker():
    global ok
    conn = http.client.HTTPConnection(host, int(port), timeout=600)
    while True:
        with lock:
            if not todo:
                break
            n = todo.pop(0)
        path, body, want = request(n)
        try:
            conn.request("POST", path, body, {"Authorization": "Bearer " + token,
                                              "Content-Type": "application/json"})
            r = conn.getresponse()
            data = r.read()
            rec = json.loads(data)
            good = r.status == 200 and rec.get("status") == "ok" and rec.get("stdout") == want
            why = "%d: HTTP %d %s" % (n, r.status, data[:200])
        except Exception as e:  # a connection the proxy closed: a new one
            conn.close()
            conn = http.client.HTTPConnection(host, int(port), timeout=600)
            good, why = False, "%d: %r" % (n, e)
        with lock:
            if good:
                ok += 1
            else:
                bad.append(why)


threads = [threading.Thread(target=worker) for _ in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print("sent %d ok %d bad %d" % (count, ok, len(bad)))
for b in bad[:5]:
    print(b)
