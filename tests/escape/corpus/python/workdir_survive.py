# A work directory built to survive its removal (issue 12): a chain of
# directories deeper than any fd stack, a read-only directory holding
# 50 MiB, a read-only tree of 10,000 files, a directory with no
# permissions at all. The driver checks the run's TMPDIR (inside the work
# directory) is gone after the run.
# sbx-args: -t 60
# sbx-expect: ok
# sbx-want: BLOCKED
import os
print("TMPDIR=" + os.environ["TMPDIR"])
top = os.getcwd()
os.chdir(os.environ["TMPDIR"])
for i in range(300):
    os.mkdir("d"); os.chdir("d")
os.chdir(top)
os.mkdir("ro")
for i in range(5):
    with open("ro/big%d" % i, "wb") as f:
        f.write(b"x" * (10 << 20))
os.chmod("ro", 0o555)
os.mkdir("many")
for i in range(20):
    d = "many/%d" % i
    os.mkdir(d)
    for k in range(500):
        open("%s/%d" % (d, k), "w").close()
    os.chmod(d, 0o500)
os.chmod("many", 0o500)
os.mkdir("closed"); open("closed/f", "w").close(); os.chmod("closed", 0)
os.chmod(".", 0o500)
print("BLOCKED only if the driver finds the work directory gone")
