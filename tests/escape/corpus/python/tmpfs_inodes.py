# tmpfs inodes (issue 12): empty files cost no bytes, so a size= cap does
# not stop them, but each costs kernel memory (inode and dentry) that
# RLIMIT_AS does not see. With namespaces /tmp and /dev/shm are the run's
# own tmpfs with an inode cap too; without, Landlock closes them. More than
# 50,000 files in either counts as an escape.
# sbx-args: -t 30
# sbx-expect: ok
# sbx-want: BLOCKED
import os
for d in ("/dev/shm", "/tmp"):
    n = 0
    try:
        os.mkdir(d + "/sbx-esc-left-inodes")
        while n < 50000:
            open("%s/sbx-esc-left-inodes/%d" % (d, n), "w").close()
            n += 1
        print("ESCAPED made %d files in %s" % (n, d))
    except OSError as e:
        print("BLOCKED", d, "after", n, "files:", e.strerror)
