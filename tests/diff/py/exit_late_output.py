# Output that comes after the program's last line, which python3 prints
# while it ends (sbx skips that ending only when nothing like this is
# left): an atexit handler, a non-daemon thread joined at exit, an open
# file's buffer flushed at the end (read back by the handler).
import atexit
import threading

late = open("late.txt", "w")
late.write("written, flushed only at the end\n")


def report():
    with open("late.txt") as f:
        print("atexit: late.txt holds", repr(f.read()))


atexit.register(report)
go = threading.Event()


def worker():
    go.wait()
    print("thread: done after the main code")


threading.Thread(target=worker).start()
print("main: last line", end="", flush=True)
go.set()
