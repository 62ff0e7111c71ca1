#!/bin/sh
# sbx serve's readiness and drain (what a load balancer needs): GET
# /v1/ready says whether the node takes work and its capacity; after
# SIGTERM a request already in flight is finished and answered, while a new
# one on a connection kept alive gets 503 "draining" with Retry-After (the
# node ran nothing of it: a proxy sends it elsewhere), and /v1/ready says
# 503 too. The steps wait on the server's own words, never on time.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"

start_server --max-concurrent 3 --max-queue 5
api GET /v1/ready ""
expect_code 200
expect_jq '.ready == true and .draining == false and .running == 0 and .free == 3'
expect_jq '.max_concurrent == 3 and .max_queue == 5 and .sessions == 0'
expect_jq '.disk_free_bytes > 0'
sbx session create -l python -n held
expect_rc 0
api GET /v1/ready ""
expect_jq '.sessions == 1'
schema_ok GET /v1/ready

# One request held open (its body half sent), one connection kept alive.
mkfifo "$T_TMP/to_py" "$T_TMP/from_py"
cat >"$T_TMP/client.py" <<'PY'
import json, socket, sys

def conn():
    s = socket.socket(socket.AF_UNIX)
    s.connect(sys.argv[1])
    return s

def read_answer(s):
    data = b""
    while b"\r\n\r\n" not in data:
        data += s.recv(65536)
    head, body = data.split(b"\r\n\r\n", 1)
    lines = head.decode().split("\r\n")
    hdrs = {l.split(":", 1)[0].lower(): l.split(":", 1)[1].strip() for l in lines[1:]}
    n = int(hdrs.get("content-length", "0"))
    while len(body) < n:
        body += s.recv(65536)
    return int(lines[0].split()[1]), hdrs, json.loads(body[:n])

def say(*words):
    print(*words, flush=True)

body = json.dumps({"language": "python", "code": "print('finished')", "timeout": 300}).encode()
held = conn()
held.sendall(b"POST /v1/run HTTP/1.1\r\nHost: sbx\r\nContent-Type: application/json\r\n"
             b"Content-Length: %d\r\n\r\n" % len(body) + body[:10])
alive = conn()
alive.sendall(b"GET /v1/ready HTTP/1.1\r\nHost: sbx\r\n\r\n")
code, _, o = read_answer(alive)
say("before", code, o["ready"])
sys.stdin.readline()  # the server said it drains
alive.sendall(b"GET /v1/ready HTTP/1.1\r\nHost: sbx\r\n\r\n")
code, _, o = read_answer(alive)
say("ready", code, o["ready"], o["draining"])
run = json.dumps({"language": "python", "code": "print(1)"}).encode()
alive.sendall(b"POST /v1/run HTTP/1.1\r\nHost: sbx\r\nContent-Type: application/json\r\n"
              b"Content-Length: %d\r\n\r\n" % len(run) + run)
code, hdrs, o = read_answer(alive)
say("new", code, o["error"]["code"], hdrs.get("retry-after"))
held.sendall(body[10:])
code, _, o = read_answer(held)
say("held", code, o["status"], o["stdout"].strip())
PY
python3 "$T_TMP/client.py" "$SOCK" <"$T_TMP/to_py" >"$T_TMP/from_py" &
PY_PID=$!
exec 5>"$T_TMP/to_py" 6<"$T_TMP/from_py"
read -r line <&6
check "before the drain: ready ($line)" test "$line" = "before 200 True"
kill -TERM "$SRV_PID"
timeout 300 tail -n +1 -f "$T_TMP/serve.log" | grep -q -m 1 "no new requests"
echo go >&5
read -r line <&6
check "draining: /v1/ready is 503, ready false ($line)" test "$line" = "ready 503 False True"
read -r line <&6
check "draining: a new request gets 503 draining with Retry-After ($line)" test "$line" = "new 503 draining 1"
read -r line <&6
check "the request in flight is finished and answered ($line)" test "$line" = "held 200 ok finished"
exec 5>&- 6<&-
wait "$PY_PID"
wait "$SRV_PID"
check "the server stopped cleanly" test $? -eq 0
sbx session delete held
finish
