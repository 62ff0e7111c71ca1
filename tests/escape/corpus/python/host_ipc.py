# Host-wide kernel objects without namespaces (issue 12): the user's own
# System V shared memory and message queue (the driver's bait, mode 0666),
# new System V and POSIX IPC objects that outlive the run, memfd (memory
# RLIMIT_AS does not see), inotify instances (a per-user limit), pipes grown
# with F_SETPIPE_SZ, and datagram socketpairs, which can sendto() a host
# socket such as /dev/log. All refused in every mode.
# sbx-expect: ok
# sbx-want: BLOCKED
import ctypes, errno, fcntl, os, socket
libc = ctypes.CDLL(None, use_errno=True)
def v(bad, what, e=0):
    print("ESCAPED" if bad else "BLOCKED", what, "" if bad else errno.errorcode.get(e, e))
def call(name, *args, restype=ctypes.c_int):
    f = getattr(libc, name); f.restype = restype
    ctypes.set_errno(0); r = f(*args); return r, ctypes.get_errno()

# The host's segment and queue.
r, e = call("shmat", inputs["shmid"], None, 0, restype=ctypes.c_void_p)
v(r not in (None, ctypes.c_void_p(-1).value), "shmat of the host's segment %d" % inputs["shmid"], e)
buf = ctypes.create_string_buffer(64)
r, e = call("msgrcv", inputs["msqid"], buf, 56, 0, 0o4000, restype=ctypes.c_long)  # IPC_NOWAIT
v(r >= 0, "msgrcv from the host's queue: %r" % buf.raw[8:8 + max(r, 0)], e)
# New objects that would stay on the host.
r, e = call("shmget", 0, 1 << 20, 0o1600)
if r >= 0: libc.shmctl(int(r), 0, None)
v(r >= 0, "shmget", e)
r, e = call("msgget", 0, 0o1600)
if r >= 0: libc.msgctl(int(r), 0, None)
v(r >= 0, "msgget", e)
r, e = call("semget", 0, 1, 0o1600)
if r >= 0: libc.semctl(int(r), 0, 0)
v(r >= 0, "semget", e)
r, e = call("mq_open", b"/sbx-esc-left-mq", os.O_CREAT | os.O_RDWR, 0o600, None)
if r >= 0: libc.mq_unlink(b"/sbx-esc-left-mq")
v(r >= 0, "mq_open", e)
# Memory and per-user limits.
try:
    fd = os.memfd_create("grow")  # then one file's worth per memfd, no end
    v(True, "memfd_create")
except OSError as x:
    v(False, "memfd_create", x.errno)
r, e = call("inotify_init1", 0)
v(r >= 0, "inotify_init1", e)
r, e = call("inotify_init")
v(r >= 0, "inotify_init", e)
pr, pw = os.pipe()
try:
    fcntl.fcntl(pw, 1031, 1 << 20)  # F_SETPIPE_SZ
    v(True, "F_SETPIPE_SZ")
except OSError as x:
    v(False, "F_SETPIPE_SZ", x.errno)
# Datagram socketpairs (SOCK_RAW is a datagram socket in AF_UNIX).
for name, t in (("SOCK_RAW", socket.SOCK_RAW), ("SOCK_DGRAM", socket.SOCK_DGRAM),
                ("SOCK_RAW|SOCK_CLOEXEC", socket.SOCK_RAW | socket.SOCK_CLOEXEC),
                ("SOCK_RDM", socket.SOCK_RDM)):
    try:
        a, b = socket.socketpair(socket.AF_UNIX, t)
        try:
            a.sendto(b"<13>sbx-esc: injected", "/dev/log")
            v(True, "socketpair(%s) sendto /dev/log" % name)
        except OSError:
            v(True, "socketpair(%s)" % name)
    except OSError as x:
        v(False, "socketpair(%s)" % name, x.errno)
# A stream pair stays (asyncio, multiprocessing), and cannot reach an address.
a, b = socket.socketpair()
a.send(b"x")
print("note: stream socketpair works:", b.recv(1) == b"x")
try:
    a.sendto(b"x", "/dev/log")
    v(True, "sendto with an address on a stream pair")
except OSError as x:
    v(False, "sendto with an address", x.errno)
