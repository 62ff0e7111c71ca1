#!/usr/bin/python3
"""Times POST /v1/run requests to an sbx serve on a unix socket, one
keep-alive connection, each sent once the warm pool is set up again
(bench/warm.sh): the answer time of a request that finds a warm sandbox
waiting, without a client process's start-up.

  warm_paced.py SOCKET N [PACE_S [BODY [BARE...]]]
                                   prints N times in ms, one per line

BODY (default a Python print(1)) is the request's JSON: other languages go
to the same server, cold unless it has a pool for them. With BARE (a
command and its arguments), each line is two times: the request's, then
BARE's own run (posix_spawn to its exit, its output to /dev/null) right
after it, in the same round.

Before each request it asks /v1/ready until the pool of the body's
language has its set_up (a build without it: ready) equal to its size,
then waits PACE_S (default 0.05) more so the refill's last steps are not
timed either.
"""
import json
import os
import socket
import sys
import time

BODY = b'{"language":"python","code":"print(1)"}'


def request(sock, method, path, body=b''):
    head = ('%s %s HTTP/1.1\r\nHost: sbx\r\nContent-Length: %d\r\n'
            'Content-Type: application/json\r\n\r\n' % (method, path, len(body)))
    sock.sendall(head.encode() + body)
    data = b''
    while b'\r\n\r\n' not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise OSError('the server closed the connection')
        data += chunk
    head, _, rest = data.partition(b'\r\n\r\n')
    length = None
    chunked = False
    for line in head.split(b'\r\n')[1:]:
        k, _, v = line.partition(b':')
        if k.strip().lower() == b'content-length':
            length = int(v)
        if k.strip().lower() == b'transfer-encoding' and b'chunked' in v.lower():
            chunked = True
    if chunked:
        while not rest.endswith(b'0\r\n\r\n'):
            rest += sock.recv(65536)
        out, buf = b'', rest
        while True:
            n, _, buf = buf.partition(b'\r\n')
            n = int(n, 16)
            if n == 0:
                return out
            out, buf = out + buf[:n], buf[n + 2:]
    while len(rest) < length:
        rest += sock.recv(65536)
    return rest


def main():
    path, n = sys.argv[1], int(sys.argv[2])
    pace = float(sys.argv[3]) if len(sys.argv) > 3 else 0.05
    body = sys.argv[4].encode() if len(sys.argv) > 4 else BODY
    bare = sys.argv[5:]
    lang = json.loads(body).get('language', 'python')
    null = os.open('/dev/null', os.O_WRONLY)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(path)
    warm = 0
    for _ in range(n):
        for _ in range(20000):
            pool = json.loads(request(sock, 'GET', '/v1/ready'))['warm_pool'].get(lang, {})
            if pool.get('set_up', pool.get('ready')) == pool.get('size'):
                break
        time.sleep(pace)
        t0 = time.monotonic()
        rec = json.loads(request(sock, 'POST', '/v1/run', body))
        ms = (time.monotonic() - t0) * 1000
        warm += rec.get('warm') is True
        if not bare:
            print('%.3f' % ms)
            continue
        t0 = time.monotonic()
        pid = os.posix_spawn(bare[0], bare, {'PATH': '/usr/bin:/bin'},
                             file_actions=[(os.POSIX_SPAWN_DUP2, null, 1)])
        os.waitpid(pid, 0)
        print('%.3f %.3f' % (ms, (time.monotonic() - t0) * 1000))
    print('warm %d of %d' % (warm, n), file=sys.stderr)


main()
