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

# What JSON cannot express comes as its repr(), in place.
sbx run -l python -e '[{1, 2}, float("nan"), 2**70, (1, None)]' --json
expect_json .result '["{1, 2}","nan","1180591620717411303424",[1,null]]'

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
expect_jq '.error.traceback | test("File \"<code>\", line 4")'
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

sbx run -l python --file "$T_TMP:dir" -e '1'
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

# Nothing is left behind in the state directory's work area.
check "work dirs removed" test -z "$(ls -A "$SBX_STATE_DIR/work" 2>/dev/null)"

finish
