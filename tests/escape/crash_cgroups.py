# crash_cgroups.py [v1|v2] — the directories an sbx started from here makes
# its runs' cgroups in: our own cgroup in the v2 hierarchy and in the v1
# memory, pids and cpu hierarchies (src/sandbox/cgroup.c, own_dir), one per
# line, those that exist; with v1 or v2 (the record's sandbox.cgroup) only
# those that kind of run uses (v1: memory and pids).
#
# Used by tests/escape/test_crash_safety.sh and test_cgroup_reuse.sh. A
# killed sbx's group ("sbx-PID") is swept by the next run from these
# directories only; a group of that name elsewhere under /sys/fs/cgroup
# belongs to another process tree (pids wrap: another sbx's leftover in a
# parent no run of ours sweeps), so searching all of /sys/fs/cgroup gave
# false failures.
import os
import sys

only = {"v1": ("memory", "pids"), "v2": ("",)}.get(sys.argv[1] if len(sys.argv) > 1 else "")

own = {}  # controller ("" for v2) -> our cgroup path
with open("/proc/self/cgroup") as f:
    for line in f:
        _, ctrls, path = line.rstrip("\n").split(":", 2)
        for c in ctrls.split(",") if ctrls else [""]:
            own[c] = path

dirs = []
with open("/proc/self/mountinfo") as f:
    for line in f:
        left, right = line.split(" - ", 1)
        fields, after = left.split(), right.split()
        root, mnt, fstype, superopts = fields[3], fields[4], after[0], after[2]
        if fstype == "cgroup2":
            ctrls = [""]
        elif fstype == "cgroup":
            ctrls = [c for c in superopts.split(",") if c in ("memory", "pids", "cpu")]
        else:
            continue
        for c in ctrls:
            if only is not None and c not in only:
                continue
            path = own.get(c)
            if path is None:
                continue
            if root != "/":
                if path != root and not path.startswith(root + "/"):
                    continue  # our cgroup is outside this mount
                path = path[len(root):]
            d = mnt + (path if path != "/" else "")
            if os.path.isdir(d) and d not in dirs:
                dirs.append(d)
print("\n".join(dirs))
