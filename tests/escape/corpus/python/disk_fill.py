# Disk: one file past the files cap (RLIMIT_FSIZE). Many files can still
# fill the disk until the deadline: a known limit (see the README).
# sbx-args: -t 20
# sbx-expect: ok
# sbx-want: BLOCKED
import os
n = 0
try:
    with open("big", "wb") as f:
        while n <= (101 << 20):
            f.write(b"x" * (1 << 20)); f.flush(); n += 1 << 20
    print("ESCAPED one file of", n >> 20, "MiB")
except OSError as e:
    print("BLOCKED at", n >> 20, "MiB:", e.strerror)
os.remove("big")
