# crash_strays.py TOKEN [ID...] — the processes an sbx run left behind.
#
# Used by tests/escape/test_crash_safety.sh, test_load_small.sh and
# bench/load.sh. A process belongs to a test when its command line holds
# TOKEN (sbx itself and its Duktape child, started with --label x=TOKEN) or
# its working directory is the work directory of one of the execution IDs
# given (".../run-ID-XXXXXX": python, R and java run there; the command
# line of a sandboxed interpreter names neither the code nor the run).
#
# A process found is given up to 5 s to finish dying (a SIGKILLed sandbox
# is torn down by the kernel, not instantly): the wait is on its pidfd, an
# event, not a sleep. Prints one line per process still alive after that,
# "PID STATE CWD CMDLINE"; prints nothing when all is clean. Zombies are not
# running code: they are counted by the callers separately.
import os
import select
import sys

token = sys.argv[1].encode()
ids = [("/run-" + i + "-") for i in sys.argv[2:] if i]
me = os.getpid()


def info(pid):
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            state = f.read().rsplit(b")", 1)[1].split()[0].decode()
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            cmd = f.read()
    except OSError:
        return None
    try:
        cwd = os.readlink("/proc/%d/cwd" % pid)
    except OSError:
        cwd = ""
    return state, cmd, cwd


def ours(cmd, cwd):
    if token in cmd:
        return True
    return any(i in cwd for i in ids)


found = []
for name in os.listdir("/proc"):
    if not name.isdigit():
        continue
    pid = int(name)
    if pid in (me, os.getppid()):
        continue
    i = info(pid)
    if i is None or i[0] == "Z" or not ours(i[1], i[2]):
        continue
    found.append(pid)

for pid in found:
    alive = True
    try:
        fd = os.pidfd_open(pid)
        ready, _, _ = select.select([fd], [], [], 5.0)
        os.close(fd)
        alive = not ready
    except ProcessLookupError:
        alive = False
    except (AttributeError, OSError):
        pass
    i = info(pid)
    if alive and i is not None and i[0] != "Z":
        cmd = i[1].replace(b"\0", b" ")[:100].decode("utf-8", "replace")
        print(pid, i[0], i[2], cmd)
