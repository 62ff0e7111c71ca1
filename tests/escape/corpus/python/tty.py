# TIOCSTI: push "id" into the terminal of the user's shell. The driver runs
# this under script(1), so sbx has a controlling terminal; the code must not.
# sbx-expect: ok
# sbx-want: BLOCKED
import fcntl, os, termios
fds = {0: "stdin", 1: "stdout", 2: "stderr"}
try:
    fds[os.open("/dev/tty", os.O_RDWR)] = "/dev/tty"
except OSError as e:
    print("BLOCKED /dev/tty:", e.strerror)
for fd, name in fds.items():
    try:
        fcntl.ioctl(fd, termios.TIOCSTI, b"#"); print("ESCAPED TIOCSTI on", name)
    except OSError as e:
        print("BLOCKED TIOCSTI on", name, e.strerror)
