# mmap: map and touch 1 GiB of anonymous memory under a 64 MiB limit.
# sbx-args: -m 64M -t 10
# sbx-expect: ok|memory_limit|signaled
# sbx-want: BLOCKED
import mmap
try:
    m = mmap.mmap(-1, 1 << 30)
    for i in range(0, 1 << 30, 4096):
        m[i] = 1
    print("ESCAPED touched 1 GiB")
except (OSError, MemoryError) as e:
    print("BLOCKED", e)
