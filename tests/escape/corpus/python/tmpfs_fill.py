# tmpfs: fill /dev/shm and /tmp (memory, not disk) and leave files there.
# With namespaces both are the run's own small tmpfs; without, Landlock
# closes them. Over 100 MiB in either counts as an escape.
# sbx-args: -t 20
# sbx-expect: ok
# sbx-want: BLOCKED
import os
for d in ("/dev/shm", "/tmp"):
    n = 0
    try:
        with open(d + "/sbx-esc-left-py", "wb") as f:
            while n < (100 << 20):
                f.write(b"x" * (1 << 20)); f.flush(); n += 1 << 20
        print("ESCAPED wrote 100 MiB to", d)
    except OSError as e:
        print("BLOCKED", d, "after", n >> 20, "MiB:", e.strerror)
