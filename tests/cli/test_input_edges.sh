#!/bin/sh
# Language and input edges a new user hits: Python on stdin, notebook lines
# in a Markdown Python block, a shell-only reply, javac's place for wrapped
# Java, R's result line, a FILE of another language in a session.
. "$(dirname "$0")/../lib.sh"

# Standard input is told by its content, as a FILE without an extension.
sbx_in 'import math
print(math.pi)
' run -
T_LAST="python on stdin"
expect_rc 0
expect_out 3.141592653589793
sbx_in 'console.log([1, 2].map(x => x * 2).join(","))
' run -
T_LAST="javascript on stdin"
expect_out 2,4
sbx_in 'x <- c(1, 2, 3)
cat(mean(x), "\n")
' run --json -
expect_json .language '"r"'

# Markdown: a Python block with notebook lines runs the rest, and says so.
MD='Install and plot:
```python
!pip install requests
%matplotlib inline
pip install numpy
import math
if True:
    !ls
print(round(math.pi, 2))
```'
sbx_in "$MD" run --markdown -
T_LAST="markdown: notebook lines in a Python block"
expect_rc 0
expect_out 3.14
expect_err_contains "line 1 '!pip install requests'"
expect_err_contains "line 2 '%matplotlib inline'"
expect_err_contains "line 3 'pip install numpy'"
expect_err_contains "installs nothing"
sbx_in "$MD" run --markdown --json -
expect_jq '.markdown.dropped | length == 4'
expect_jq '.markdown.dropped[3] == {"block": 1, "line": 6, "text": "!ls"}'
# A modulo at a line's start (a continuation) is Python, not a magic.
sbx_in '```python
x = (10
     % 3)
print(x)
```' run --markdown -
expect_out 1

# A reply in a shell sbx does not run: -l cannot help.
sbx_in '```powershell
Get-ChildItem
```' run --markdown -
T_LAST="markdown: a powershell-only reply"
expect_rc 125
expect_err_contains "a shell sbx does not run"
check "no -l LANG suggestion" sh -c 'case "$1" in *"give -l LANG"*) exit 1;; esac' _ "$err"
# A bash reply runs as bash, in the sandbox: pip has no network there.
sbx_in '```bash
pip install numpy
```' run --markdown - --json
T_LAST="markdown: a bash reply"
expect_json .language '"bash"'
expect_json .status '"error"'

# Java: javac's error at the user's line and column, not sbx's class.
sbx run -l java --json -e 'int x = "a";'
T_LAST="java: a compile error in wrapped statements"
expect_json .error.line 1
expect_json .error.column 9
check "the traceback quotes the user's line" sh -c \
    'printf "%s" "$1" | jq -e ".error.traceback | contains(\"public class Main\") | not" >/dev/null' _ "$out"
expect_jq '.error.traceback | contains("int x = \"a\";\n        ^")'
sbx run -l java -e 'int y = 2;
System.out.println(y)'
expect_err_contains '(line 2, column 22)'
sbx prepare -l java -e 'int x = "a";'
T_LAST="java: prepare's syntax line"
expect_out_contains 'line 1, column 9'

# R: the value is printed once (Rscript's auto-print), no result line.
sbx run -l r -e 'mean(c(1,2,3))'
T_LAST="r: mean(c(1,2,3))"
expect_out '[1] 2'

# A FILE of another language in a session is refused, not run as the
# session's language.
printf 'x <- c(1, 2)\nprint(mean(x))\n' >"$T_TMP/s.R"
sbx session create -l python -n edges
sbx session exec edges "$T_TMP/s.R"
T_LAST="session exec of a .R file in a Python session"
expect_rc 125
expect_err_contains "is r code (by its extension) and session edges runs python"
printf 'print(1 + 1)\n' >"$T_TMP/ok.py"
sbx session exec edges "$T_TMP/ok.py"
expect_out 2
sbx session delete edges
# TypeScript runs JavaScript as it is (its row's runs_files_of): a .js FILE
# runs in a TypeScript session; the other way round it is refused.
printf 'console.log(6 * 7)\n' >"$T_TMP/ok.js"
printf 'const n: number = 2;\nconsole.log(n)\n' >"$T_TMP/t.ts"
sbx session create -l typescript -n edges-ts
sbx session exec edges-ts "$T_TMP/ok.js"
T_LAST="session exec of a .js file in a TypeScript session"
expect_out 42
sbx session delete edges-ts
sbx session create -l javascript -n edges-js
sbx session exec edges-js "$T_TMP/t.ts"
T_LAST="session exec of a .ts file in a JavaScript session"
expect_rc 125
expect_err_contains "is typescript code (by its extension) and session edges-js runs javascript"
sbx session delete edges-js

finish
