# Signals to sbx, to the driver's shell, to a process of the same user and
# to everything (kill -1). The driver checks afterwards that the victim lives.
# sbx-expect: ok
# sbx-want: BLOCKED
import os, signal
for name, pid in (("sbx", os.getppid()), ("shell", inputs["pid"]), ("victim", inputs["victim"])):
    if pid <= 1:
        print("BLOCKED", name, "has no pid here"); continue
    try:
        os.kill(pid, 0)
        # In a pid namespace a low number may be one of the run's own.
        print("ESCAPED" if pid != os.getpid() and os.getpgid(pid) != os.getpgid(0) else "BLOCKED", "signal reaches", name, pid)
    except OSError as e:
        print("BLOCKED", name, e.strerror)
try:
    os.kill(-1, signal.SIGKILL)  # reaches only the run's own processes
    print("BLOCKED kill(-1) returned")
except OSError as e:
    print("BLOCKED kill(-1):", e.strerror)
