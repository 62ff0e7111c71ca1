#!/usr/bin/python3
"""Starts HAProxy on a listening socket already bound (fd 3, the
configuration's bind "fd@3"), so a request queues in the backlog until it
accepts: nobody waits on time for it to start. Writes the port to
PORT_FILE (a FIFO: the reader waits for it), then becomes haproxy -db.
Used by tests/cli/test_haproxy.sh and bench/haproxy.sh.
Usage: haproxy_bound.py CONFIG PORT_FILE [BACKLOG]"""
import os
import socket
import sys

s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(int(sys.argv[3]) if len(sys.argv) > 3 else 128)
os.dup2(s.fileno(), 3)
os.set_inheritable(3, True)  # dup2 onto itself keeps it close-on-exec
with open(sys.argv[2], "w") as f:
    f.write("%d\n" % s.getsockname()[1])
os.execvp("haproxy", ["haproxy", "-db", "-f", sys.argv[1]])
