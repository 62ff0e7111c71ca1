#!/bin/sh
# How a session's execution reads standard input, against a one-shot run
# (and the interpreter itself), and what is left of its --stdin after it.
# Reading stdin: Python's sys.stdin, input(), sys.stdin.buffer, open(0)
# and fileinput read the execution's --stdin and see EOF without one, and
# code that closes fd 0 does not break the next execution; R's
# file("stdin"), readLines("stdin"), scan(file("stdin")), read.table
# read it, readline() answers "" as Rscript does, and stdin() / scan() with
# no file (R's console: for Rscript the rest of the program, in-line data)
# read the rest of the execution's code, which then does not run, never
# the kernel's feed (they used to wait for ever); a file("stdin") left
# open is not a warning in the next execution. Each compared with the
# interpreter itself, stdout and stderr byte for byte.
# Leftovers: the spooled stdin is gone once the execution ends, also when
# its client was killed during it; a spool whose client died before it
# sent its request (kill -9) is removed by the next execution and by
# `sbx gc` for a stopped session, while a live client's spool stays.
. "$(dirname "$0")/../lib.sh"

. "$(dirname "$0")/../session_lib.sh"
T=300
printf 'one\ntwo\nthree\n' >"$T_TMP/in.txt"

# leftovers DIR: the --stdin files in a run directory's .sbx, one a line.
leftovers() { (cd "$1/.sbx" && ls -d stdin stdin.* 2>/dev/null); }

# same LANG SESSION FILE [STDIN]: the program in FILE through the session,
# with STDIN (a file) or none, prints what the interpreter prints (stdout,
# then stderr, each byte for byte) and exits as it does.
same() {
	_lang=$1 _s=$2 _f=$3 _in=${4:-/dev/null}
	case $_lang in
	python) (cd "$T_TMP" && /usr/bin/python3 "$_f" <"$_in" >"$T_TMP/n.out" 2>"$T_TMP/n.err"; echo "rc=$?" >>"$T_TMP/n.out") ;;
	r) (cd "$T_TMP" && Rscript "$_f" <"$_in" >"$T_TMP/n.out" 2>"$T_TMP/n.err"; echo "rc=$?" >>"$T_TMP/n.out") ;;
	esac
	if [ "$_in" = /dev/null ]; then
		"$SBX" session exec "$_s" -t $T "$_f" >"$T_TMP/s.out" 2>"$T_TMP/s.err" </dev/null
	else
		"$SBX" session exec "$_s" -t $T --stdin "$_in" "$_f" >"$T_TMP/s.out" 2>"$T_TMP/s.err" </dev/null
	fi
	echo "rc=$?" >>"$T_TMP/s.out"
	out=$(cat "$T_TMP/s.out"; echo "--- stderr"; cat "$T_TMP/s.err")
	T_LAST="session exec $_s $(basename "$_f") (stdin $_in) vs the interpreter"
	expect_out "$(cat "$T_TMP/n.out"; echo "--- stderr"; cat "$T_TMP/n.err")"
}

# --- Python: every way of reading stdin ---
sbx session create -l python -n py
expect_rc 0
rd=$("$SBX" session get py --json | jq -r .rundir)
cat >"$T_TMP/mixed.py" <<'PY'
import sys
print(repr(sys.stdin.readline()), repr(input()), repr(sys.stdin.buffer.read(3)), repr(sys.stdin.read()))
PY
same python py "$T_TMP/mixed.py" "$T_TMP/in.txt"
check "the execution's stdin is removed when it ends" test -z "$(leftovers "$rd")"
printf 'print(repr(open(0).read()))\n' >"$T_TMP/open0.py"
same python py "$T_TMP/open0.py" "$T_TMP/in.txt"
# open(0) closed fd 0 when it was collected: the next execution still reads.
printf 'import fileinput\nprint([l for l in fileinput.input()])\n' >"$T_TMP/finput.py"
same python py "$T_TMP/finput.py" "$T_TMP/in.txt"
same python py "$T_TMP/open0.py"
sbx session exec py -t $T -e 'import os, sys
os.close(0)
sys.stdin = None'
expect_rc 0
cat >"$T_TMP/eof.py" <<'PY'
import sys
try:
    input()
except EOFError:
    print("eof", repr(sys.stdin.read()), repr(open(0).read()), sys.stdin.isatty())
PY
same python py "$T_TMP/eof.py"

# --- R: file("stdin") is the execution's stdin; stdin() the program's rest ---
sbx session create -l r -n rr
expect_rc 0
cat >"$T_TMP/fstdin.R" <<'R'
con <- file("stdin")
open(con)
x <- readLines(con, n = 1)
y <- scan(con, what = "", quiet = TRUE)
close(con)
print(list(x, y))
r <- readline("ask> ")
print(r)
R
same r rr "$T_TMP/fstdin.R" "$T_TMP/in.txt"
same r rr "$T_TMP/fstdin.R"
printf 'print(read.table("stdin"))\n' >"$T_TMP/rlines.R"
same r rr "$T_TMP/rlines.R" "$T_TMP/in.txt"
cat >"$T_TMP/inline.R" <<'R'
x <- scan()
1 2 3
4

cat("sum", sum(x), "\n")
y <- readLines(stdin(), n = 2)
first line
second line
print(y)
z <- scan(stdin(), what = "")
a b
c

print(z)
w <- readLines(stdin())
everything else
print("not run")
R
same r rr "$T_TMP/inline.R" "$T_TMP/in.txt"
cat >"$T_TMP/leftcon.R" <<'R'
z <- readLines(file("stdin"))
print(z)
R
same r rr "$T_TMP/leftcon.R" "$T_TMP/in.txt"
# The connection it left is not the next execution's warning.
same r rr "$T_TMP/inline.R"
sbx session exec rr -t $T -e 'x <- readLines(stdin())'
expect_rc 0
expect_out ""

# --- leftovers of --stdin ---
dead=$(sh -c 'echo $$')
: >"$rd/.sbx/stdin.$dead.AbCdEf"
: >"$rd/.sbx/stdin.$$.GhIjKl"
: >"$rd/.sbx/stdin.MnOpQr"
sbx session exec py -t $T -e 'print(1)'
expect_rc 0
check "a dead client's spool is swept by the next execution" test ! -e "$rd/.sbx/stdin.$dead.AbCdEf"
check "an older sbx's spool (no pid) is swept too" test ! -e "$rd/.sbx/stdin.MnOpQr"
check "a live client's spool stays" test -e "$rd/.sbx/stdin.$$.GhIjKl"
rm -f "$rd/.sbx/stdin.$$.GhIjKl"

# A client killed during its execution: the daemon runs it to its end and
# removes its stdin. The code waits on a FIFO (its "gate") until the test
# has killed the client; the next execution runs after it.
mkfifo "$rd/work/gate" "$T_TMP/started"
chmod 0666 "$rd/work/gate"
"$SBX" session exec py -t $T --stdin "$T_TMP/in.txt" -e 'import sys
print("started", flush=True)
open("gate").read()
print(sys.stdin.read())' >"$T_TMP/started" 2>/dev/null &
client=$!
line=$(head -n 1 "$T_TMP/started")
check "the execution started" test "$line" = started
kill -9 $client
wait $client 2>/dev/null
echo go >"$rd/work/gate"
sbx session exec py -t $T -e 'print("next")'
expect_rc 0
expect_out "next"
check "a killed client's stdin is removed when its execution ends" test -z "$(leftovers "$rd")"

# A stopped session: gc removes a dead client's spool and a killed
# daemon's stdin; the session itself stays.
sbx session stop py
expect_rc 0
: >"$rd/.sbx/stdin.$dead.StUvWx"
: >"$rd/.sbx/stdin"
sbx gc
expect_rc 0
check "gc sweeps a stopped session's leftover stdin" test -z "$(leftovers "$rd")"
sbx session exec py -t $T -e 'print("alive")'
expect_rc 0
expect_out "alive"

finish
