# /proc of other processes (memory, root, cwd, environ, fds) and writing
# /proc/self/mem.
# sbx-expect: ok
# sbx-want: BLOCKED
import os
for pid in (os.getppid(), inputs["pid"], inputs["victim"]):
    if pid <= 1:
        continue
    for what in ("mem", "environ", "root/etc/hostname", "cwd/.", "fd/0", "maps"):
        try:
            p = "/proc/%d/%s" % (pid, what)
            if what.endswith("/."):
                os.listdir(p)
            else:
                open(p, "rb").read(16)
            print("ESCAPED read", p)
        except OSError as e:
            print("BLOCKED", what, e.strerror)
try:
    with open("/proc/self/mem", "r+b") as f:
        f.seek(id(os)); f.write(b"\0")
    print("ESCAPED wrote /proc/self/mem")
except OSError as e:
    print("BLOCKED /proc/self/mem:", e.strerror)
