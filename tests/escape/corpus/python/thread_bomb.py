# Thread bomb: threads that never end, until the deadline.
# sbx-args: -t 500ms
# sbx-expect: timeout|memory_limit
import threading, time
n = 0
while True:
    try:
        threading.Thread(target=time.sleep, args=(1e6,), daemon=True).start(); n += 1
    except (RuntimeError, MemoryError):
        pass
