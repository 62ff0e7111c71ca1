#!/usr/bin/env python3
"""Hostile TCP clients of sbx serve, for tests/escape/test_serve_hostile.sh.

    hostile_client.py PORT SRC MODE COUNT

Every socket connects from the loopback address SRC (127.0.0.2, ...), so
that the test's own curl (127.0.0.1) is another client address. Each wait
is bounded by BOUND seconds only so that a broken server fails the test
instead of hanging it; nothing is measured.

hold     COUNT connections, each sends half a request head and then nothing.
         Prints "ready N" (N connected), waits for a line on stdin, then
         waits until the server has closed every one: prints "closed C of N".
refused  COUNT connections that send nothing. Prints "ready N"; waits until
         the server has closed all but ARG (argv[5]) of them, then prints
         "open K" (how many are still open at that moment), waits for a line
         on stdin and closes them.
dribble  one connection that sends a request head one byte at a time, a
         byte every half second (the head takes over a minute):
         prints "closed after B of L bytes" when the server ends it, or
         "sent all L bytes".
"""
import select
import socket
import sys
import time

BOUND = 120  # seconds: generous, only against a hang
HEAD = b"GET /v1/health HTTP/1.1\r\nHost: sbx\r\nUser-Agent: hostile\r\n"


def connect(port, src):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(BOUND)
    s.bind((src, 0))
    s.connect(("127.0.0.1", port))
    s.setblocking(False)
    return s


def connect_many(port, src, count):
    socks = []
    for _ in range(count):
        try:
            socks.append(connect(port, src))
        except OSError:
            break  # refused or reset at once: counted as not connected
    return socks


def closed_by_server(s):
    """True when the server ended this connection (EOF or a reset)."""
    try:
        return s.recv(4096) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def wait_closed(socks, keep_open):
    """Waits until all but keep_open sockets are closed by the server."""
    open_socks = list(socks)
    end = time.monotonic() + BOUND
    while len(open_socks) > keep_open and time.monotonic() < end:
        readable, _, _ = select.select(open_socks, [], [], 1.0)
        for s in readable:
            if closed_by_server(s):
                open_socks.remove(s)
    return open_socks


def main():
    port, src, mode, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
    if mode == "hold":
        socks = connect_many(port, src, count)
        for s in socks:
            try:
                s.send(HEAD)
            except OSError:
                pass
        print("ready", len(socks), flush=True)
        sys.stdin.readline()
        left = wait_closed(socks, 0)
        print("closed", len(socks) - len(left), "of", len(socks), flush=True)
    elif mode == "refused":
        keep = int(sys.argv[5])
        socks = connect_many(port, src, count)
        print("ready", len(socks), flush=True)
        left = wait_closed(socks, keep)
        still = [s for s in left if not closed_by_server(s)]
        print("open", len(still), flush=True)
        sys.stdin.readline()
        for s in socks:
            s.close()
    elif mode == "dribble":
        s = connect(port, src)
        head = HEAD + b"X-Pad: " + b"a" * 60 + b"\r\n\r\n"
        for i, byte in enumerate(head):
            if closed_by_server(s):
                print("closed after", i, "of", len(head), "bytes", flush=True)
                return
            try:
                s.send(bytes([byte]))
            except OSError:
                print("closed after", i, "of", len(head), "bytes", flush=True)
                return
            time.sleep(0.5)
        print("sent all", len(head), "bytes", flush=True)


if __name__ == "__main__":
    main()
