# CPU time is the run's (issue 12), even for children nobody waits for: with
# SIGCHLD ignored the kernel reaps them and their CPU time is added to no
# parent. Each burns 0.4 CPU-s, under --cpu-time 1.
# sbx-args: --cpu-time 1 -t 30
# sbx-expect: timeout
# sbx-error: CpuTimeLimit
# sbx-want: BLOCKED
import os, signal, time
print("BLOCKED: killed before the loop ends", flush=True)
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
r, w = os.pipe()
burned = 0.0
while burned < 3.5:
    pid = os.fork()
    if pid == 0:
        t = time.process_time()
        while time.process_time() - t < 0.4:
            pass
        os.write(w, b"x")
        os._exit(0)
    os.read(r, 1)  # the child is done; nobody waits for it
    burned += 0.4
print("ESCAPED burned %.1f CPU-s in children" % burned)
