# UNIX sockets: a pathname listener of the host (the user's ssh-agent,
# D-Bus or docker.sock would be one), a datagram to /dev/log, and an
# abstract name.
# sbx-expect: ok
# sbx-want: BLOCKED
import socket
try:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(inputs["sock"]); print("ESCAPED connected to", inputs["sock"])
except OSError as e:
    print("BLOCKED pathname:", e.strerror)
for kind in (socket.SOCK_DGRAM, socket.SOCK_STREAM):
    try:
        a, b = socket.socketpair(socket.AF_UNIX, kind)
        a.sendto(b"<13>sbx escape test", "/dev/log"); print("ESCAPED sent to /dev/log")
    except OSError as e:
        print("BLOCKED /dev/log:", e.strerror)
try:
    s = socket.socket(socket.AF_UNIX); s.bind("\0sbx-esc-%d" % inputs["token"])
    print("BLOCKED abstract bind is private at most")
except OSError as e:
    print("BLOCKED abstract:", e.strerror)
