# Timing: stop itself (the wall deadline must still fire; as the init of a
# pid namespace the SIGSTOP is ignored and it spins instead) and a stopped
# child too.
# sbx-args: -t 500ms
# sbx-expect: timeout
import os, signal
if os.fork() == 0:
    os.kill(os.getpid(), signal.SIGSTOP)
    os._exit(0)
os.kill(os.getpid(), signal.SIGSTOP)
while True:
    pass
