#!/bin/sh
# The code is not its pid namespace's init: signals end it as on a host,
# and orphans are reaped. The same holds without namespaces.
. "$(dirname "$0")/../lib.sh"

for mode in ns nons; do
	if [ "$mode" = nons ]; then
		SBX_NO_NAMESPACES=1
		export SBX_NO_NAMESPACES
	fi
	sbx run -l python -e 'import os, signal
print("before", flush=True)
os.kill(os.getpid(), signal.SIGKILL)
print("after")' --json
	expect_rc 137
	expect_json .status '"signaled"'
	expect_json .signal '"SIGKILL"'
	expect_json .stdout '"before\n"'

	sbx run -l python -e 'import os; os.abort()' --json
	expect_rc 134
	expect_json .signal '"SIGABRT"'

	sbx run -l python -e 'import os, signal; os.kill(os.getpid(), signal.SIGTERM)' --json
	expect_rc 143
	expect_json .signal '"SIGTERM"'

	# A handler the code installs still runs.
	sbx run -l python -e 'import os, signal, sys
signal.signal(signal.SIGUSR1, lambda s, f: sys.exit(7))
os.kill(os.getpid(), signal.SIGUSR1)
signal.pause()' --json
	expect_rc 7
	expect_json .status '"error"'

	# Java and R end by the signal too.
	sbx run -l r -e 'tools::pskill(Sys.getpid(), tools::SIGKILL)' --json
	expect_json .signal '"SIGKILL"'
	expect_rc 137

	# An orphan that exits is reaped: the loop ends when its /proc entry
	# goes away, which never happens for an unreaped zombie (the run
	# would time out instead).
	sbx run -l python -t 20 -e 'import os
r, w = os.pipe()
mid = os.fork()
if mid == 0:
    g = os.fork()
    if g == 0:
        os._exit(0)
    os.write(w, str(g).encode())
    os._exit(0)
os.waitpid(mid, 0)
os.close(w)
g = int(os.read(r, 32))
while True:
    try:
        with open("/proc/%d/stat" % g) as f:
            if f.read().rsplit(")", 1)[1].split()[0] != "Z":
                continue
    except OSError:
        break
print("reaped")' --json
	expect_rc 0
	expect_json .stdout '"reaped\n"'
done
unset SBX_NO_NAMESPACES

# The code's pid is not 1 in its namespace; its parent is the init.
sbx run -l python -e 'import os; (os.getpid() != 1, os.getppid())' --json
expect_json .result '[true, 1]'

# A CPU limit still measures the code (not the init), and the record
# counts the code's CPU time when sbx stops it.
sbx run -l python --cpu-time 0.3 -t 30 -e 'while True: pass' --json
expect_json .status '"timeout"'
expect_json .error.name '"CpuTimeLimit"'
expect_jq '.time_ms.cpu >= 300'

# Signal dispositions are the code's own, not what sbx's caller ignored: a
# background job's SIGQUIT, SIGINT and SIGTERM ignored by the caller stay
# out (python3 itself ignores SIGPIPE and SIGXFSZ, 0x1001000: as natively).
(trap '' QUIT INT TERM HUP; "$SBX" run -l python --timeout 300 -e 'print([l.split()[1] for l in open("/proc/self/status") if l.startswith("SigIgn")][0])' >"$T_TMP/sigign" 2>&1)
check "the code's ignored signals are python3's own, not the caller's ($(cat "$T_TMP/sigign"))" test "$(cat "$T_TMP/sigign")" = 0000000001001000

finish
