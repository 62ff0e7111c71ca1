# Timing: ignore every catchable signal, then spin past the deadline.
# sbx-args: -t 500ms
# sbx-expect: timeout
import signal
for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGXCPU,
          signal.SIGUSR1, signal.SIGALRM):
    signal.signal(s, signal.SIG_IGN)
while True:
    pass
