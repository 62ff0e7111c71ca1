#!/bin/sh
# The Python prelude compiled once per interpreter (engine/py_prelude_cache.h):
# the first run leaves its code object in the state directory's cache, the
# next ones reuse it, and a run with it behaves as python3 does.
. "$(dirname "$0")/../lib.sh"

cache=$SBX_STATE_DIR/cache/python-prelude
sbx run -l python -e 'print(1)'
expect_rc 0
expect_out "1"
check "the first run leaves one code object in the cache" \
	test "$(find "$cache" -type f 2>/dev/null | wc -l)" -eq 1
f=$(find "$cache" -type f | head -n 1)
before=$(ls -i "$f")
sbx run -l python -e 'print(2)'
expect_out "2"
check "the next run reuses it (the same file)" test "$(ls -i "$f")" = "$before"
check "no leftover temporary file" test "$(find "$cache" -name '*.tmp' | wc -l)" -eq 0

# As python3 FILE: the usable recursion depth, the traceback, sys.argv.
cat >"$T_TMP/p.py" <<'PY'
import sys
def f(n):
    try:
        return f(n + 1)
    except RecursionError:
        return n
print(f(0), sys.argv[1:])
raise ValueError("x")
PY
sbx run "$T_TMP/p.py" -- a b
native_out=$(python3 "$T_TMP/p.py" a b 2>"$T_TMP/native_err")
check "stdout as python3's (depth, argv)" test "$out" = "$native_out"
check "stderr as python3's" test "$err" = "$(cat "$T_TMP/native_err")"
expect_rc 1

# A cache that cannot be written (its directory's name is taken by a
# file): the code object is made for this run alone, and the run runs.
export SBX_STATE_DIR=$T_TMP/state2
mkdir -p "$SBX_STATE_DIR/cache"
: >"$SBX_STATE_DIR/cache/python-prelude"
sbx run -l python -e 'print(3)'
expect_rc 0
expect_out "3"
finish
