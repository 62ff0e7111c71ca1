#!/bin/sh
# A session's code against the session itself (issue 26, "A session's own
# state and status"):
#  - what a kernel sends reaches the manifest checked: a deeply nested value
#    in its "saved" frame once made manifest.yaml unreadable (the session
#    vanished from list, exec and delete failed, its run directory stayed);
#  - a session with a bad manifest is listed as broken, and delete and gc
#    remove it (run directory and daemon too) from its id;
#  - an execution that patches the kernel's writes cannot make a later
#    sys.exit(3) come back ok, nor give it made-up CPU time and memory;
#    an `assert False` run with --fresh is an error whatever came before.
# Run it as root, as an unprivileged user and with SBX_NO_NAMESPACES=1.
. "$(dirname "$0")/../lib.sh"

jq_out() { printf '%s' "$out" | jq -e "$1" >/dev/null 2>&1; }
field() { "$SBX" session get "$1" --json 2>/dev/null | jq -r ".$2"; }
alive() { kill -0 "$1" 2>/dev/null && ! grep -q '^State:.*Z' "/proc/$1/status" 2>/dev/null; }

if ! "$SBX" run -l python -e '1' >/dev/null 2>&1; then
	echo "test_session_integrity: 0 passed, 0 failed (no python3)"
	exit 0
fi

# The kernel's writes, patched: its own posix.write found in its closures
# (and os.write, which older kernels used), so that every "done" frame says
# exit 0 with no report, 0.5 ms of CPU and 7 kB of memory, every "exiting"
# frame is dropped, and every "saved" frame carries a value nested 200 deep.
cat >"$T_TMP/patch.py" <<'EOF'
import gc, os, re, types
def make(real):
    def fake(fd, data):
        if b'"exiting"' in data:
            return len(data)
        if b'"done"' in data:
            data = re.sub(rb'"exit_code": ?\d+', b'"exit_code": 0', data)
            data = re.sub(rb'"report": ?\[.*\], ?"interrupted"', b'"report": [], "interrupted"', data)
            data = re.sub(rb'"cpu_ms": ?[0-9.e+-]+', b'"cpu_ms": 0.5', data)
            data = re.sub(rb'"maxrss_kb": ?\d+', b'"maxrss_kb": 7', data)
        if b'"saved"' in data and b'"unsaved"' in data:
            data = (b'{"saved": ' + re.search(rb'"saved": ?(\d+)', data).group(1) +
                    b', "ms": ' + b'[' * 200 + b']' * 200 + b', "bytes": 1, "unsaved": ' +
                    b'[' * 200 + b']' * 200 + b'}\n')
        real(fd, data)
        return len(data)
    return fake
for f in gc.get_objects():
    if isinstance(f, types.FunctionType) and f.__closure__:
        for name, cell in zip(f.__code__.co_freevars, f.__closure__):
            try:
                v = cell.cell_contents
            except ValueError:
                continue
            if name == 'write' and v is os.write:
                cell.cell_contents = make(v)
os.write = make(os.write)
print("patched")
EOF

# --- 1. exit status, CPU and memory are sbx's, not the patched kernel's ---
sbx session create -l python -n victim
expect_rc 0
sbx session exec victim -t 60 "$T_TMP/patch.py"
expect_out patched
sbx session exec victim -t 60 --json -e 'import sys; sys.exit(3)'
expect_rc 3
expect_json .status '"error"'
expect_json .exit_code 3
sbx session exec victim -t 60 "$T_TMP/patch.py"
expect_out patched
sbx session exec victim -t 60 --json -e 'x = bytearray(64 << 20); sum(range(3000000)); 1'
expect_json .status '"ok"'
check "the memory peak is sbx's reading, not the kernel's 7 kB" \
	jq_out '.memory_kb.peak > 60000'
check "the CPU time is sbx's reading, not the kernel's 0.5 ms" \
	jq_out '.time_ms.cpu != 0.5'
# An in-kernel failure is only what the kernel says: --fresh runs it in a
# new kernel, which no earlier execution touched.
sbx session exec victim -t 60 "$T_TMP/patch.py"
sbx session exec victim -t 60 --fresh --json -e 'assert False'
expect_rc 1
expect_json .status '"error"'
expect_json .error.name '"AssertionError"'
expect_json .session.fresh true
sbx session exec victim -t 60 --json -e 'assert 1 == 1; "ok"'
expect_json .result '"ok"'

# --- 2. the kernel's frames cannot make the manifest unreadable ---
sbx session exec victim -t 60 "$T_TMP/patch.py"
sbx session exec victim -t 60 -e 'y = 2'
sbx session list --json
expect_rc 0
check "the session is still listed, not broken" \
	jq_out '[.[] | select(.name == "victim")][0].status == "running"'
sbx session get victim --json
expect_rc 0
check "the saved frame's nested values did not reach the manifest" \
	jq_out '(.last_save_ms | type) == "number" and (.unsaved | type) == "array"'
sbx session exec victim -t 60 --json -e 'print(y)'
expect_json .stdout '"2\n"'
rundir=$(field victim rundir)
sbx session delete victim
expect_rc 0
check "delete removed the run directory" test ! -e "$rundir"

# --- 3. a bad manifest: listed as broken, delete and gc from the id ---
sbx session create -l python
expect_rc 0
id=$out
rundir=$(field "$id" rundir)
dpid=$(field "$id" daemon_pid)
check "the session's daemon runs" alive "$dpid"
man="$SBX_STATE_DIR/sessions/$id/manifest.yaml"
python3 -c 'import sys; open(sys.argv[1], "a").write("x: " + "[" * 100 + "]" * 100 + "\n")' "$man"
sbx session list --json
expect_rc 0
check "a session with a bad manifest is listed as broken, with the reason" \
	jq_out '[.[] | select(.id == "'"$id"'")][0] | .status == "broken" and (.error | test("manifest"))'
sbx session list --status broken
expect_out_contains "$id"
sbx session delete "$id"
expect_rc 0
check "delete removed the broken session's directory" test ! -e "$SBX_STATE_DIR/sessions/$id"
check "delete removed the broken session's run directory" test ! -e "$rundir"
T_LAST="daemon $dpid after delete"
i=0
while alive "$dpid" && [ $i -lt 200 ]; do
	sleep 0.05 # the daemon's exit after it answered, not a timing assertion
	i=$((i + 1))
done
check "the broken session's daemon is gone" sh -c "! kill -0 $dpid 2>/dev/null || grep -q '^State:.*Z' /proc/$dpid/status"

# gc: a stopped session whose manifest is cut short
sbx session create -l python
id2=$out
rundir2=$(field "$id2" rundir)
"$SBX" session stop "$id2" >/dev/null 2>&1
printf 'id: [unclosed\n' >"$SBX_STATE_DIR/sessions/$id2/manifest.yaml"
sbx gc --json
expect_rc 0
check "gc removed the broken session" test ! -e "$SBX_STATE_DIR/sessions/$id2"
check "gc removed its run directory" test ! -e "$rundir2"
expect_json .sessions.removed 1

finish
