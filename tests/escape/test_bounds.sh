#!/bin/sh
# sbx bounds its own work: what it does before the sandbox's limits apply
# (reading and scanning the code) and what it reads back from the code (the
# report on fd 3) cannot make sbx itself use unbounded memory or time. Each
# case runs with namespaces and with SBX_NO_NAMESPACES=1. sbx's peak memory
# is the largest of it and its children (getrusage RUSAGE_CHILDREN), which
# here are small interpreters.
. "$(dirname "$0")/../lib.sh"

# peak_kb ARGS... — runs sbx, sets $rc and $peak (KiB).
peak_kb() {
	peak=$(/usr/bin/python3 -I -c '
import resource, subprocess, sys
p = subprocess.run(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=open(sys.argv[1] + ".out", "wb"),
                   stderr=open(sys.argv[1] + ".err", "wb"))
print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' \
		"$T_TMP/peak" "$SBX" "$@")
	rc=${peak% *}
	peak=${peak#* }
	out=$(cat "$T_TMP/peak.out")
	err=$(cat "$T_TMP/peak.err")
	T_LAST="sbx $*"
}

# 11 MiB of source: over the default 10 MiB code size limit.
/usr/bin/python3 -c 'import sys; sys.stdout.write("x = 1\n" * (11 * 1024 * 1024 // 6))' >"$T_TMP/big.py"
/usr/bin/python3 -c 'import sys; sys.stdout.write("var x = [" + "0," * (11 * 1024 * 1024 // 2) + "0];\n")' >"$T_TMP/big.js"
# A report of 8 MiB of zeros ("[0,0,0,...") written on fd 3 by the code.
cat >"$T_TMP/flood.py" <<'PY'
import os
chunk = b"[" + b"0," * (1 << 19)
for _ in range(8):
    os.write(3, chunk)
PY
printf 'limits:\n  max_code: 1K\n' >"$T_TMP/small.yaml"

for mode in ns nons; do
	if [ $mode = nons ]; then export SBX_NO_NAMESPACES=1; else unset SBX_NO_NAMESPACES; fi
	for f in big.py big.js; do
		peak_kb run -t 1 -m 64M --json "$T_TMP/$f"
		expect_rc 125
		expect_err_contains "--max-code"
		check "[$mode] $f: refused before sbx scans it (peak ${peak} KiB)" test "$peak" -lt 65536
	done
	# The limit is the user's to raise (flag, config), up to 64M.
	sbx prepare -l python --max-code 12M --json "$T_TMP/big.py"
	expect_json .runnable true
	sbx run -l python --config "$T_TMP/small.yaml" -e "$(head -c 2000 "$T_TMP/big.py")"
	expect_rc 125
	expect_err_contains "limits.max_code"
	sbx run --max-code 65M -e '1'
	expect_rc 125
	expect_err_contains "at most 64M"

	peak_kb run -l python --json "$T_TMP/flood.py"
	T_LAST="[$mode] 8 MiB report of zeros"
	expect_json .status '"error"'
	expect_json .error.name '"ResultTooLarge"'
	check "[$mode] the report is not parsed (peak ${peak} KiB)" test "$peak" -lt 65536
done
unset SBX_NO_NAMESPACES

# javac runs under the run's limits (at least 10 s and 256 MiB), not a
# fixed minute of its own: the record says what it got.
printf 'public class B { public static void main(String[] a) { System.out.println("b"); } }\n' >"$T_TMP/B.java"
sbx run -t 1 -m 300M --json "$T_TMP/B.java"
T_LAST="javac under -t 1 -m 300M"
expect_json '.compile.limits' '{"timeout_ms": 10000, "cpu_ms": 10000, "memory_kb": 307200}'
printf 'public class C { public static void main(String[] a) { System.out.println("c"); } }\n' >"$T_TMP/C.java"
sbx run -t 20 --cpu-time 15 --json "$T_TMP/C.java"
T_LAST="javac under -t 20 --cpu-time 15"
expect_json '.compile.limits' '{"timeout_ms": 20000, "cpu_ms": 15000, "memory_kb": 262144}'

finish
