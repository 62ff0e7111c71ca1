# Output that comes after the program's last line, which python3 prints
# while it ends (sbx skips that ending only when nothing like this is
# left): an atexit handler, and a non-daemon thread joined at exit.
import atexit
import threading


def report():
    print("atexit: the handler ran")


atexit.register(report)
go = threading.Event()


def worker():
    go.wait()
    print("thread: done after the main code")


threading.Thread(target=worker).start()
print("main: last line", end="", flush=True)
go.set()
