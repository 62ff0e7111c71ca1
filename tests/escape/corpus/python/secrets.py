# The user's environment, home and SSH keys.
# sbx-expect: ok
# sbx-want: BLOCKED
import os
name = inputs["secret_env"]
print("ESCAPED env" if name in os.environ or any("sbxsecret" in v for v in os.environ.values()) else "BLOCKED env")
home = os.path.dirname(inputs["home"])
for p in (home, home + "/.ssh", "/root", "/home"):
    try:
        os.listdir(p); print("ESCAPED listed", p)
    except OSError as e:
        print("BLOCKED", p, e.strerror)
try:
    open(inputs["home"]).read(); print("ESCAPED read", inputs["home"])
except OSError as e:
    print("BLOCKED", inputs["home"], e.strerror)
# TMPDIR is the run's own: the driver checks it is gone afterwards.
print("TMPDIR=" + os.environ.get("TMPDIR", ""))
import tempfile
tempfile.mkstemp(prefix="sbx-esc-left")
