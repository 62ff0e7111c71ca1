#!/bin/sh
# The differential corpus through sessions (tests/diff/run.py --session,
# also `make difftest-session`): a representative subset of tests/diff,
# each program run by `sbx session exec` in one session per language and
# compared byte for byte with its native interpreter, as `make difftest`
# compares `sbx run`. The subset keeps the wall time to ~2-3 minutes on 2
# cores (the whole corpus through sessions takes ~7); it has the stdin
# programs, the errors and exit codes, the stdout/stderr interleavings,
# and a slice of each language's ordinary programs. Differences by design
# are in tests/diff/KNOWN-session.tsv, bugs in PENDING-session.tsv.
# DIFFTEST_SESSION_ALL=1 runs every program.
. "$(dirname "$0")/../lib.sh"

if [ "${DIFFTEST_SESSION_ALL:-0}" = 1 ]; then
	set --
else
	set -- 'py/stdin_*' 'py/err_*' 'py/[b-h]*' 'py/print_*' 'py/interleave_flush.py' \
		'py/logging_basic.py' 'py/warnings_stderr.py' 'py/traceback_print.py' \
		'py/main_guard.py' 'py/np_basics.py' 'py/pd_basic_frame.py' \
		'r/stdin_*' 'r/[a-e]*' 'r/s*' 'r/w*' \
		'js/[a-c]*' 'js/err_*' 'ts/*' 'java/snip_*' 'java/hello_main.java' \
		'java/scanner_stdin_empty.java'
fi
log="$T_TMP/difftest.log"
/usr/bin/python3 "$ROOT_DIR/tests/diff/run.py" --sbx "$SBX" --build "${BUILD:-build}" --session "$@" >"$log" 2>&1
status=$?
sed -n '/^MISMATCH/,/^language /p;/^STALE/p;/^language /,$p' "$log"
T_LAST="tests/diff/run.py --session"
out=$(tail -n 1 "$log")
check "every program through a session prints what its interpreter prints ($out)" test "$status" -eq 0
finish
