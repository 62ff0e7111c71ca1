# CPU time is the run's, not each process's (issue 12): children that each
# burn 0.4 CPU-s and exit, one after another, under --cpu-time 1. Per
# process RLIMIT_CPU would let them run forever; the run must end at its
# CPU limit.
# sbx-args: --cpu-time 1 -t 30
# sbx-expect: timeout
# sbx-error: CpuTimeLimit
# sbx-want: BLOCKED
import os, time
print("BLOCKED: killed before the loop ends", flush=True)
burned = 0.0
while burned < 3.5:
    pid = os.fork()
    if pid == 0:
        t = time.process_time()
        while time.process_time() - t < 0.4:
            pass
        os._exit(0)
    os.waitpid(pid, 0)
    burned += 0.4
print("ESCAPED burned %.1f CPU-s in children" % burned)
