# Timing: sleep in small steps (no CPU used) past the wall deadline.
# sbx-args: -t 500ms --cpu-time 500ms
# sbx-expect: timeout
import time
while True:
    time.sleep(0.01)
