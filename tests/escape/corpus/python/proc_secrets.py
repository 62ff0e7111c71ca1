# The caller's environment and sbx's memory through other processes' /proc
# files (issue 26): a pid namespace's init is a fork of sbx, of the same
# uid when sbx is not root; its environ, cmdline, maps and mem, and those of
# every other process the code can reach, must show nothing of sbx's
# arguments or the caller's environment (the variable inputs["secret_env"]
# names is set in sbx's environment; its value starts with "sbxsecret").
# sbx-expect: ok
# sbx-want: BLOCKED
import os
me = os.getpid()
name = inputs["secret_env"].encode()
def secret(data):
    return name in data or b"sbxsecret" in data
def ppid_of(pid):
    with open("/proc/%d/stat" % pid, "rb") as f:
        return int(f.read().rsplit(b")", 1)[1].split()[1])
def mine(pid):  # the code itself or a process it started
    try:
        for _ in range(64):
            if pid == me:
                return True
            if pid <= 1:
                return False
            pid = ppid_of(pid)
    except (OSError, ValueError, IndexError):
        pass
    return False
try:
    pids = {int(p) for p in os.listdir("/proc") if p.isdigit()}
except OSError:
    pids = set()
pids |= {1, os.getppid(), inputs["pid"]}
for pid in sorted(p for p in pids if p > 0 and not mine(p)):
    for what in ("environ", "cmdline", "maps"):
        p = "/proc/%d/%s" % (pid, what)
        try:
            with open(p, "rb") as f:
                data = f.read()
        except OSError as e:
            print("BLOCKED", p, e.strerror)
            continue
        if secret(data):
            print("ESCAPED the secret in", p)
        elif what == "cmdline":
            print("note:", p, "is", data.rstrip(b"\0")[:60])
        elif data.strip(b"\0"):
            print("ESCAPED read", p, "(%d bytes)" % len(data))
    p = "/proc/%d/mem" % pid
    try:
        mem = open(p, "rb")
    except OSError as e:
        print("BLOCKED", p, e.strerror)
        continue
    print("ESCAPED opened", p)
    try:
        with open("/proc/%d/maps" % pid) as f:
            ranges = [l.split()[0].split("-") for l in f if l.split()[1].startswith("r")]
    except OSError:
        ranges = []
    for lo, hi in ranges:
        try:
            mem.seek(int(lo, 16))
            if secret(mem.read(min(int(hi, 16) - int(lo, 16), 64 << 20))):
                print("ESCAPED the secret in", p, "at", lo)
                break
        except (OSError, ValueError, OverflowError):
            pass
