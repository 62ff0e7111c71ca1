#!/bin/sh
# sbx run -l python: results, errors, exit codes, stdin, files, limits.
. "$(dirname "$0")/../lib.sh"

sbx run -l python -e 'print("hello")' --json
expect_rc 0
expect_json .status '"ok"'
expect_json .stdout '"hello\n"'
expect_json .result null
expect_json .language '"python"'

# The value of the final expression statement is the result.
sbx run -l py -e 'x = inputs["a"] + inputs["b"]
{"sum": x, "tags": inputs["t"]}' -i a=2 -i b=40 -i 't=["x",null]' --json
expect_rc 0
expect_json .result '{"sum":42,"tags":["x",null]}'

# What JSON has no type for comes as its natural JSON: a set as a sorted
# list, a tuple as a list; NaN and integers past 64 bits as strings.
sbx run -l python -e '[{2, 1}, float("nan"), 2**70, (1, None)]' --json
expect_json .result '[[1,2],"nan","1180591620717411303424",[1,null]]'

# A program that ends with a loop or an assignment has no result.
sbx run -l python -e 'for i in range(3):
    i' --json
expect_json .result null
sbx run -l python -e 'x = 5' --json
expect_json .result null

# Text mode: the result is printed last, as JSON.
sbx run -l python3 -e 'print("a")
"b"'
expect_rc 0
expect_out 'a
"b"'

sbx run -l python -e 'x = (1,' --json
expect_rc 1
expect_json .status '"error"'
expect_json .error.name '"SyntaxError"'
expect_json .error.line 1

sbx run -l python -e 'def f(x):
    return 1 / x
print("before")
f(0)' --json
expect_rc 1
expect_json .status '"error"'
expect_json .stdout '"before\n"'
expect_json .error.name '"ZeroDivisionError"'
expect_json .error.line 2
expect_jq '.error.traceback | test("File \"<string>\", line 4")'
expect_jq '.error.traceback | test("_sbx|prelude|exec\\(") | not'
expect_jq '.stderr | test("ZeroDivisionError: division by zero")'

sbx run -l python -e 'import sys
sys.exit(3)' --json
expect_rc 3
expect_json .status '"error"'
expect_json .exit_code 3
sbx run -l python -e 'exit(4)' --json
expect_rc 4

printf 'abc\n' >"$T_TMP/in.txt"
sbx run -l python --stdin "$T_TMP/in.txt" -e 'import sys
sys.stdin.read().strip().upper()' --json
expect_json .result '"ABC"'
sbx run -l python -e 'import sys
sys.stdin.read()' --json
expect_json .result '""'

# Files in and out; a link the code plants is neither listed nor followed.
printf 'VALUE = 7\n' >"$T_TMP/helper.py"
printf 'data\n' >"$T_TMP/data.txt"
mkdir "$T_TMP/out"
sbx run -l python --file "$T_TMP/data.txt:in.txt" --file "$T_TMP/helper.py" \
	--out-dir "$T_TMP/out" -e 'import os, helper
os.makedirs("sub")
open("out.txt", "w").write(open("in.txt").read().upper())
open("sub/x.txt", "w").write("x")
os.symlink("/etc/passwd", "leak")
helper.VALUE' --json
expect_rc 0
expect_json .result 7
expect_json '[.files[].name]' '["out.txt","sub/x.txt"]'
expect_json '.files[0].size' 5
expect_json '.files[0].sha256' "\"$(printf 'DATA\n' | sha256sum | cut -d' ' -f1)\""
check "out.txt saved" test "$(cat "$T_TMP/out/out.txt")" = "DATA"
check "sub/x.txt saved" test -f "$T_TMP/out/sub/x.txt"
check "the link is not saved" test ! -e "$T_TMP/out/leak" -a ! -L "$T_TMP/out/leak"
# A link planted in the out dir is not written through.
rm "$T_TMP/out/out.txt" && ln -s "$T_TMP/target" "$T_TMP/out/out.txt"
sbx run -l python --out-dir "$T_TMP/out" -e 'open("out.txt", "w").write("evil")' --json
check "no write through a link in the out dir" test ! -e "$T_TMP/target"
expect_json '.files[0].path' null
expect_json '.files[0].note | test("never overwrites")' true
# Dot-files are listed, and saved only when asked (--out-dir-dotfiles).
sbx run -l python --out-dir "$T_TMP/dots" -e 'import os
os.mkdir(".cfg"); open(".cfg/a", "w").write("a"); open(".env", "w").write("e")' --json
expect_json '[.files[] | .path]' '[null, null]'
check "no dot-file saved without the flag" test -z "$(ls -A "$T_TMP/dots")"
sbx run -l python --out-dir "$T_TMP/dots" --out-dir-dotfiles -e 'import os
os.mkdir(".cfg"); open(".cfg/a", "w").write("a"); open(".env", "w").write("e")' --json
expect_json '[.files[] | .path != null]' '[true, true]'
check "dot-files saved with --out-dir-dotfiles" test "$(cat "$T_TMP/dots/.cfg/a")" = a

mkfifo "$T_TMP/a-fifo"
sbx run -l python --file "$T_TMP/a-fifo:f" -e '1'
expect_rc 125
expect_err_contains "not a regular file"
sbx run -l python --file "$T_TMP/data.txt:inputs.json" -e '1'
expect_rc 125

sbx run -l python -t 1 -e 'print("started")
while True:
    pass' --json
expect_rc 124
expect_json .status '"timeout"'
expect_json .stdout '"started\n"'

sbx run -l python -m 64M -e 'x = bytearray(1 << 30)' --json
expect_rc 137
expect_json .status '"memory_limit"'

sbx run -l python --max-output 1K -e 'while True:
    print("x" * 1000)' --json
expect_rc 141
expect_json .status '"output_limit"'

# Numbers come back in the shortest form that reads back as the same double.
sbx run -l python -e 'import math
[math.pi, 0.1 + 0.2, 1/3, 1e16, 2.0]' --json
expect_jq '.result == [3.141592653589793, 0.30000000000000004, 0.3333333333333333, 1e16, 2]'
check "pi in the shortest form" test "${out#*\"result\":\[3.141592653589793,0.30000000000000004,0.3333333333333333,1e+16,2.0]}" != "$out"
sbx run -l python -e 'import math
math.pi'
expect_out '3.141592653589793'

# Natural JSON for the standard library's and numpy's and pandas' types.
sbx run -l python -e 'import dataclasses, datetime, decimal, collections
@dataclasses.dataclass
class P:
    x: int
    tags: list
Pt = collections.namedtuple("Pt", "a b")
[P(1, ["t"]), Pt(1, 2), datetime.date(2024, 2, 29), datetime.datetime(2024, 1, 2, 3, 4, 5),
 decimal.Decimal("0.1"), decimal.Decimal("3.14159265358979323846"), frozenset({"b", "a"}),
 b"bytes", b"\xff\x00", {(1, 2): "tuple key"}]' --json
expect_json .result '[{"x":1,"tags":["t"]},{"a":1,"b":2},"2024-02-29","2024-01-02T03:04:05",0.1,"3.14159265358979323846",["a","b"],"bytes","/wA=",{"(1, 2)":"tuple key"}]'
sbx run -l python -e 'import numpy as np, pandas as pd
df = pd.DataFrame({"name": ["a", "b"], "v": [0.5, None]})
[np.float64(0.1) + np.float64(0.2), np.arange(3), np.array([[1.5, 2], [3, 4]]), np.int64(7),
 np.bool_(True), df, df.set_index("name"), pd.Series([1, 2], index=["x", "y"]), df["v"]]' --json --timeout 300
expect_json .result '[0.30000000000000004,[0,1,2],[[1.5,2],[3,4]],7,true,[{"name":"a","v":0.5},{"name":"b","v":null}],[{"name":"a","v":0.5},{"name":"b","v":null}],{"x":1,"y":2},[0.5,null]]'
# numpy is imported only by the program: not for a plain result.
sbx run -l python -e 'import sys
[1.5, "numpy" in sys.modules, "pandas" in sys.modules]' --json
expect_json .result '[1.5,false,false]'

# Inputs are read as JSON, never evaluated.
sbx run -l python -i 'k=__import__("os").getpid()' -i 'n=[1.5,{"a":null}]' -e '[inputs["k"], inputs["n"]]' --json
expect_json .result '["__import__(\"os\").getpid()",[1.5,{"a":null}]]'

# Code from a FILE prints what python3 prints: no result line, the
# traceback once, python3's sys.argv[0], __file__ and file names.
printf 'import sys\nsys.stdout.write("done\\n")\n' >"$T_TMP/done.py"
sbx run "$T_TMP/done.py"
expect_rc 0
expect_out 'done'
sbx run --print-result always "$T_TMP/done.py"
expect_out 'done
5'
sbx run --print-result never -l python -e '1 + 1'
expect_out ''
sbx run --print-result sometimes -l python -e '1'
expect_rc 125
expect_err_contains "use auto, always or never"
# __file__ is the program's copy in its working directory, where the
# sandbox can open it (the host's path is not there).
printf 'import os, sys\nprint(sys.argv[0], __file__ == os.getcwd() + "/argv.py", __file__ != "%s/argv.py")\n' "$T_TMP" >"$T_TMP/argv.py"
(cd "$T_TMP" && "$SBX" run argv.py >"$T_TMP/o" 2>&1)
check "sys.argv[0] is the file as named, __file__ its copy" test "$(cat "$T_TMP/o")" = "argv.py True True"
# A traceback names the FILE as python3 does: the working directory
# joined to the name as given, "." and ".." kept (sbx once normalised
# them: /dir/p.py where python3 prints /dir/./p.py).
mkdir -p "$T_TMP/tbdir"
printf 'x = 1\n1 / 0\n' >"$T_TMP/tbdir/z.py"
for f in ./z.py ../tbdir/z.py; do
	native=$(cd "$T_TMP/tbdir" && python3 "$f" 2>&1 | grep 'File ')
	mine=$(cd "$T_TMP/tbdir" && "$SBX" run "$f" 2>&1 | grep 'File ')
	T_LAST="sbx run $f (in $T_TMP/tbdir)"
	check "$f: the traceback's file is python3's ($native)" test "$mine" = "$native"
done
sbx run -l python -e 'import sys
print(sys.argv, "__file__" in globals())'
expect_out "['-c'] False"
sbx_in 'import sys
print(sys.argv)' run -l python -
expect_out "['-']"
cat >"$T_TMP/tb.py" <<'PY'
def inner(x):
    return {"a": 1}[x]


def outer():
    return inner("b")


print("start")
outer()
PY
sbx run "$T_TMP/tb.py"
expect_rc 1
expect_out 'start'
native_err=$(python3 "$T_TMP/tb.py" 2>&1 >/dev/null)
check "stderr is python3's, byte for byte" test "$err" = "$native_err"
check "the traceback is printed once" test "$(printf '%s\n' "$err" | grep -c Traceback)" = 1

# The usable recursion depth is python3's, and so is the limit it shows.
cat >"$T_TMP/rec.py" <<'PY'
import sys
def f(n):
    try:
        return f(n + 1)
    except RecursionError:
        return n
print(f(0), sys.getrecursionlimit())
sys.setrecursionlimit(3000)
print(f(0), sys.getrecursionlimit())
PY
sbx run "$T_TMP/rec.py"
check "recursion depth as python3" test "$out" = "$(python3 "$T_TMP/rec.py")"

# A network attempt says the sandbox has no network; a missing module
# names its Debian package.
sbx run -l python -e 'import socket
socket.create_connection(("192.0.2.1", 80))' --json
expect_rc 1
expect_jq '.error.message | test("network access is disabled in this sandbox")'
expect_json .error.hint '"network access is disabled in this sandbox"'
# A FILE that exits with its own status prints nothing of sbx's.
printf 'import sys\nsys.exit(3)\n' >"$T_TMP/exit3.py"
sbx run "$T_TMP/exit3.py"
expect_rc 3
check "no sbx line for a FILE's own exit status" test -z "$err"
sbx run -l python -e 'import urllib.request
urllib.request.urlopen("http://example.com/")'
expect_err_contains "network access is disabled in this sandbox"
sbx run -l python -e 'import asyncio
async def main():
    return 5
asyncio.run(main())' --json
expect_json .result 5
sbx run -l python -e 'import no_such_module_x'
expect_rc 1
expect_err_contains "sbx: error: ModuleNotFoundError"
expect_err_contains "ModuleNotFoundError: No module named 'no_such_module_x'"
expect_err_contains "sbx: hint: no module named no_such_module_x"
sbx run -l python -e 'import sklearn.linear_model' --json
expect_jq '.error.hint | test("python3-sklearn")'

# matplotlib imports and draws headless; its caches are not the code's files.
sbx run -l python -t 60 -e 'import matplotlib.pyplot as plt
plt.plot([1, 2, 3])
plt.savefig("plot.png")
plt.get_backend()' --json
expect_rc 0
expect_json .result '"agg"'
expect_json '[.files[].name]' '["plot.png"]'

# Nothing is left behind in the state directory's work area.
check "work dirs removed" test -z "$(ls -A "$SBX_STATE_DIR/work" 2>/dev/null)"

finish
