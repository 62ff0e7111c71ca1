# /proc without a pid or network namespace is the host's (issue 12): other
# processes' command lines, the list of processes, and the host's sockets
# in /proc/net/unix and /proc/net/tcp (the driver's listeners).
# sbx-expect: ok
# sbx-want: BLOCKED
import os
def v(bad, what, why=""):
    print("ESCAPED" if bad else "BLOCKED", what, why)
def read(p):
    with open(p, "rb") as f:
        return f.read().decode(errors="replace")
for pid in (os.getppid(), inputs["pid"], inputs["victim"]):
    if pid <= 1:
        continue
    for what in ("cmdline", "status", "stat"):
        p = "/proc/%d/%s" % (pid, what)
        try:
            v(len(read(p)) > 0, "read " + p)
        except OSError as e:
            v(False, p, e.strerror)
try:
    v(str(inputs["victim"]) in os.listdir("/proc"), "list /proc")
except OSError as e:
    v(False, "list /proc", e.strerror)
port = ":%04X" % inputs["port"]
for p in ("/proc/net/unix", "/proc/self/net/unix", "/proc/net/tcp", "/proc/self/net/tcp",
          "/proc/%d/net/tcp" % os.getpid()):
    try:
        t = read(p)
        v(inputs["sock"] in t or port in t, "host sockets in " + p)
    except OSError as e:
        v(False, p, e.strerror)
# What the runtimes need stays readable.
for p in ("/proc/self/status", "/proc/self/maps", "/proc/meminfo", "/proc/cpuinfo", "/proc/stat"):
    try:
        read(p)
        print("note: readable", p)
    except OSError as e:
        print("ESCAPED? no: but", p, "is unreadable:", e.strerror)
