#!/bin/sh
# A FILE given to `sbx session exec` is run as `sbx run FILE` runs it: the
# program finds its own file in the working directory, and Python names it
# as python3 FILE does (tracebacks and warnings give its absolute path and
# quote its lines, __file__ is its copy, sys.argv[0] the name as given).
# The copy is gone after the execution (the working directory keeps what
# the code made); a file of that name the session already has, or a
# --file of that name, wins and is neither replaced nor removed. A
# --file is the code's to read (as root too) and replaces the session's
# file of that name. Code from -e has none of this. tests/diff (make difftest-session) compares
# the same against python3 byte for byte.
. "$(dirname "$0")/../lib.sh"

. "$(dirname "$0")/../session_lib.sh"
T=300
mkdir -p "$T_TMP/prog"
cd "$T_TMP/prog" || exit 1

sbx session create -l python -n fp
expect_rc 0

# --- a traceback names the file and quotes its line ---
printf 'x = 1\n\ndef f():\n    return undefined_name\n\nf()\n' >boom.py
sbx session exec fp -t $T boom.py
expect_rc 1
expect_err_contains "File \"$T_TMP/prog/boom.py\", line 4, in f"
expect_err_contains "    return undefined_name"
check "the top frame is the file's too" err_has "File \"$T_TMP/prog/boom.py\", line 6, in <module>"

# the name as given, joined to the working directory as python3 does
# ("./" kept, not normalised)
native=$(python3 ./boom.py 2>&1 | grep 'File ' | head -n 1)
sbx session exec fp -t $T ./boom.py
check "./boom.py: the traceback's file is python3's ($native)" err_has "$native"

# --- __file__, sys.argv[0], the copy in the working directory ---
cat >me.py <<'PY'
import os, sys
print(os.path.basename(__file__), sys.argv[0], os.path.dirname(__file__) == os.getcwd())
print(open(__file__).read().count("\n"), sorted(os.listdir()))
open("made.txt", "w").write("by the code\n")
PY
sbx session exec fp -t $T --json me.py -- arg1
expect_rc 0
expect_json .stdout '"me.py me.py True\n4 [\u0027me.py\u0027]\n"'
check "the program's copy is not one of the files it made" \
	test "$(printf '%s' "$out" | jq -c '[.files[].name]')" = '["made.txt"]'
sbx session exec fp -t $T -e 'import os; print(sorted(os.listdir()), "__file__" in globals())'
expect_rc 0
expect_out "['made.txt'] False"

# --- the session's own file of that name is kept, never replaced ---
sbx session exec fp -t $T -e 'open("own.py", "w").write("print(\"the session\u0027s\")\n")'
expect_rc 0
printf 'import os\nprint(open("own.py").read().strip(), __file__ == os.path.abspath("own.py"))\n' >own.py
sbx session exec fp -t $T own.py
expect_rc 0
expect_out "print(\"the session's\") False"
sbx session exec fp -t $T -e 'print(open("own.py").read().strip())'
expect_out "print(\"the session's\")"

# --- a --file of the program's name wins ---
printf 'data\n' >"$T_TMP/other.txt"
printf 'print(open("named.py").read().strip())\n' >named.py
sbx session exec fp -t $T -f "$T_TMP/other.txt:named.py" named.py
expect_rc 0
expect_out "data"

# --- --file: readable by the code (as root the kernel is another uid),
# replaced when given again, refused over a directory with the reason ---
printf 'v1\n' >"$T_TMP/data.txt"
sbx session exec fp -t $T -f "$T_TMP/data.txt" -e 'print(open("data.txt").read().strip())'
expect_rc 0
expect_out "v1"
printf 'v2\n' >"$T_TMP/data.txt"
sbx session exec fp -t $T -f "$T_TMP/data.txt" -e 'import os; os.mkdir("adir"); print(open("data.txt").read().strip())'
expect_rc 0
expect_out "v2"
sbx session exec fp -t $T -f "$T_TMP/data.txt:adir" -e 'print(1)'
expect_rc 125
expect_err_contains "the session has a directory of that name"

# --- -e code is not a file ---
sbx session exec fp -t $T -e 'import sys; print(sys.argv[0]); 1/0'
expect_rc 1
expect_out "-c"
expect_err_contains 'File "<string>", line 1, in <module>'

# --- R: the program finds its file, and it is gone after ---
if command -v Rscript >/dev/null 2>&1; then
	sbx session create -l r -n fr
	expect_rc 0
	printf 'cat(file.exists("self.R"), "\\n")\n' >self.R
	sbx session exec fr -t $T self.R
	expect_rc 0
	expect_out "TRUE "
	sbx session exec fr -t $T -e 'cat(file.exists("self.R"), "\n")'
	expect_out "FALSE "
else
	T_LAST="Rscript"
	check "Rscript is installed (build-aux/deps.sh test)" false
fi
finish
