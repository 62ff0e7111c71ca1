#!/bin/sh
# The edges scripts and language models hit (issue 11): empty code, language
# detection, Markdown as models write it, JSON for every failure, global
# options before the command, write failures, formats of list/get/doctor.
. "$(dirname "$0")/../lib.sh"

# --- Empty code is an error, never a silent success -----------------------
sbx run -e ''
expect_rc 125
expect_err_contains "the code given with -e is empty"
sbx run -e '
	  '
expect_rc 125
expect_err_contains "contains only whitespace"
sbx run -
expect_rc 125
expect_err_contains "the code on standard input is empty"
: >"$T_TMP/empty.py"
sbx run "$T_TMP/empty.py"
expect_rc 125
expect_err_contains "empty.py is empty"
sbx_in '```python
   
```
' run --markdown -
expect_rc 125
expect_err_contains "code block 1 is empty"
sbx prepare -e ''
expect_rc 125
sbx deploy -n empty -e ' '
expect_rc 125

# --- Language detection ---------------------------------------------------
printf '#!/usr/bin/env python3\nimport sys\nprint(sys.version_info[0])\n' >"$T_TMP/tool"
sbx run "$T_TMP/tool" --json
expect_rc 0
expect_json .language '"python"'
expect_json .stdout '"3\n"'
printf '#!/usr/bin/Rscript\ncat(6 * 7, "\\n")\n' >"$T_TMP/r-tool"
sbx run "$T_TMP/r-tool" --json
expect_json .language '"r"'
expect_json .stdout '"42 \n"'
# A shebang on stdin decides too; for JavaScript it becomes a comment.
sbx_in '#!/usr/bin/env node
console.log(1 + 1)' run --json -
expect_rc 0
expect_json .language '"javascript"'
expect_json .stdout '"2\n"'
# The hash is of the code as given, shebang included.
want=$(printf '#!/usr/bin/env node\nconsole.log(1 + 1)' | sha256sum | cut -d' ' -f1)
expect_json .code_sha256 "\"$want\""
echo 'puts 1' >"$T_TMP/x.rb"
sbx run "$T_TMP/x.rb"
expect_rc 125
expect_err_contains "'.rb' is not an extension sbx knows; give -l LANG"
sbx run -l python "$T_TMP/x.rb"
check "-l overrides an unknown extension" test "$rc" -ne 125
printf 'def twice(x):\n    return 2 * x\nprint(twice(21))\n' >"$T_TMP/noext"
sbx run "$T_TMP/noext" --json
expect_json .language '"python"'
expect_json .stdout '"42\n"'
printf 'hello there\n' >"$T_TMP/prose"
sbx run "$T_TMP/prose"
expect_rc 125
expect_err_contains "cannot tell the language of"
# -e without -l stays JavaScript (the SPEC).
sbx run -e 'x = 1' --json
expect_json .language '"javascript"'

# --- Markdown as models write it ------------------------------------------
reply='Sure! Here is the plan:

1. Save this as `main.py`:

    ```python:main.py
    def f():
        return 3
    print(f())
    ```

2. Then run it:

```bash
python main.py
```
'
sbx_in "$reply" run --markdown --json -
expect_rc 0
expect_json .stdout '"3\n"'
expect_json .markdown.ran '[{"block":1,"language":"python","info":"python"}]'
expect_json '.markdown.skipped[0].block' 2
expect_json '.markdown.skipped[0].info' '"bash"'
expect_err_contains "skipped block 2 (bash)"
sbx_in '```{.python}
print("a")
```
~~~py title="x.py"
print("b")
~~~
' run --markdown -
expect_out 'a
b'
# A >>> transcript: the code runs, prompts and echoed output are dropped.
sbx_in '```pycon
>>> xs = [1, 2]
>>> for x in xs:
...     print(x * 10)
...
10
20
```
' run --markdown --json -
expect_json .stdout '"10\n20\n"'
expect_json .language '"python"'
# Unlabeled fences: the content tells the language, or it is an error.
sbx_in '```
const a = [1, 2, 3];
console.log(a.length);
```' run --markdown --json -
expect_json .language '"javascript"'
expect_json .stdout '"3\n"'
sbx_in '```
x <- c(1, 2)
cat(sum(x), "\n")
```' run --markdown --json -
expect_json .language '"r"'
sbx_in '```
hello
```' run --markdown -
expect_rc 125
expect_err_contains "cannot tell the language of block 1"
sbx run --block 2 -e 1
expect_rc 125
expect_err_contains "add --markdown"

# --- Under --json / --format ndjson every failure is JSON ------------------
sbx run --bogus --json -e 1
expect_rc 125
expect_json .status '"sbx_error"'
expect_json .ok false
expect_json .error.name '"SbxError"'
expect_jq '.error.message | test("unknown option --bogus")'
expect_err_contains "unknown option --bogus"
sbx exec-deployment nope --format ndjson
expect_rc 125
expect_json .event '"execution_failed"'
expect_json .record.status '"sbx_error"'
expect_jq '.record.error.message | test("no deployment named .nope.")'
sbx run "$T_TMP/missing.py" --json
expect_rc 125
expect_jq '.status == "sbx_error" and (.error.message | test("cannot read"))'
sbx get nope --json
expect_rc 125
expect_json .status '"sbx_error"'
sbx run -e '' --json
expect_rc 125
expect_json .status '"sbx_error"'
sbx run --json -t 0 -e 1
expect_rc 125
check "one record, one line" test "$(printf '%s\n' "$out" | wc -l)" -eq 1
# A run that fails in the code is the code's record, not sbx_error.
sbx run --json -e 'throw new Error("x")'
expect_json .status '"error"'

# --- Global options before the command, as git does -----------------------
sbx --state-dir "$T_TMP/other" deploy -n g -e 'return 1'
expect_rc 0
check "deploy went to --state-dir" test -d "$T_TMP/other/deployments/g"
sbx --state-dir "$T_TMP/other" list --format ndjson
expect_rc 0
expect_json .name '"g"'
sbx "--state-dir=$T_TMP/other" get g --json
expect_json .name '"g"'
printf "limits:\n  timeout: 2\n" >"$T_TMP/c.yaml"
sbx --config "$T_TMP/c.yaml" run -e 1 --json
expect_rc 0
expect_json .limits.timeout_ms 2000
sbx --config "$T_TMP/nope.yaml" run -e 1
expect_rc 125
expect_err_contains "nope.yaml"
sbx --state-dir
expect_rc 125
expect_err_contains "needs a value and a command"

# --- A write failure on stdout is exit 125 ---------------------------------
for fmt in text json ndjson; do
	"$SBX" run -e 1 --format $fmt >/dev/full 2>/dev/null
	rc=$?
	T_LAST="sbx run -e 1 --format $fmt >/dev/full"
	expect_rc 125
	"$SBX" run -l python -e 'print(1)' --format $fmt >/dev/full 2>/dev/null
	rc=$?
	T_LAST="sbx run -l python --format $fmt >/dev/full"
	expect_rc 125
done
"$SBX" --state-dir "$T_TMP/other" list >/dev/full 2>/dev/null
rc=$?
expect_rc 125
"$SBX" doctor >/dev/full 2>/dev/null
rc=$?
expect_rc 125

# --- list, get and doctor formats ------------------------------------------
sbx --state-dir "$T_TMP/other" deploy -n h -l python -e 'print(1)'
sbx --state-dir "$T_TMP/other" list --format ndjson
check "list ndjson: one line per deployment" test "$(printf '%s\n' "$out" | wc -l)" -eq 2
check "list ndjson: each line an object" sh -c 'printf "%s\n" "$1" | jq -e -s "length == 2 and all(.[]; type == \"object\")" >/dev/null' _ "$out"
sbx --state-dir "$T_TMP/other" get h --format ndjson
check "get ndjson: one line" test "$(printf '%s\n' "$out" | wc -l)" -eq 1
expect_json .language '"python"'
sbx doctor --format json
expect_rc 0
expect_jq '.layers | type == "object"'
sbx doctor --format text
expect_out_contains "isolation layers:"
sbx doctor --format xml
expect_rc 125

# --- Messages ----------------------------------------------------------------
sbx run -t 1000s -e 1
expect_rc 125
expect_err_contains "timeout of 1000s is over the maximum of 5m"
sbx run -t 2h -e 1
expect_err_contains "timeout of 2h is over"
check "no exponent in durations" sh -c '! printf "%s" "$1" | grep -q "e+0"' _ "$err"
sbx run --cpu-time 300.5 -e 1
expect_err_contains "CPU time of 300.5s is over"
sbx deploy -n 'my app' -e 1
expect_rc 125
expect_err_contains "' ' at position 3 is not allowed"
sbx deploy -n -x -e 1
expect_err_contains "it starts with '-'"
printf 'policy:\n  py.network: block\n' >"$T_TMP/block.yaml"
sbx run --config "$T_TMP/block.yaml" -l python -e 'import requests'
expect_rc 126
check "a policy block names its place once" test "$(printf '%s' "$err" | grep -o 'line 1' | wc -l)" -eq 1
expect_err_contains "(line 1, column 8)"
sbx prepare -l python -e 'import sbx_no_such_module_x
print(1)'
expect_rc 0
expect_out_contains "runnable, 1 dependency missing"
sbx prepare -l python -e 'import sbx_no_such_a, sbx_no_such_b'
expect_out_contains "runnable, 2 dependencies missing"

# --- --require strongest: one flag for every language ------------------------
sbx run --require strongest -e 'return 1' --json
expect_rc 0
expect_json .sandbox.seccomp true
sbx run --require max -l python -e 'print(1)' --json
strong=$rc
if [ "$strong" -eq 0 ]; then
	expect_jq '.sandbox.namespaces | length > 0'
	expect_jq '.sandbox.landlock != null and .sandbox.cgroup != null'
else
	expect_json .status '"blocked"'
fi
SBX_NO_NAMESPACES=1 "$SBX" run --require strongest -l python -e 'print(1)' --json >"$T_TMP/o" 2>/dev/null
rc=$?
out=$(cat "$T_TMP/o")
T_LAST="SBX_NO_NAMESPACES=1 sbx run --require strongest -l python"
expect_rc 126
expect_json .error.name '"RequirementUnmet"'
sbx run --require namespaces -e 1
expect_rc 126
expect_err_contains "--require strongest"
sbx run --require bogus -e 1
expect_rc 125
expect_err_contains "use strongest"

# --- Completions: --opt= without a space, values, --list-commands -----------
comp="$ROOT_DIR/completions/sbx.bash"
# complete WORD... — what bash completion offers for the last word, then
# "nospace" when it would not add a space.
complete_words() {
	bash -c '. "$1"; shift
		compopt() { nospace=1; }
		nospace=0; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=()
		PATH="$SBX_BIN_DIR:$PATH" _sbx
		echo "${COMPREPLY[*]}${nospace:+ }$( [ "$nospace" = 1 ] && echo nospace)"' _ "$comp" "$@"
}
SBX_BIN_DIR=$T_TMP/bin
mkdir -p "$SBX_BIN_DIR"
ln -s "$SBX" "$SBX_BIN_DIR/sbx"
export SBX_BIN_DIR
out=$(complete_words sbx run --form)
T_LAST="complete: sbx run --form"
expect_out "--format= nospace"
out=$(complete_words sbx run --format = nd)
expect_out "ndjson "
out=$(complete_words sbx run --format "")
expect_out "text json ndjson "
out=$(complete_words sbx run -l py)
expect_out "python py "
out=$(complete_words sbx run --require = st)
expect_out "strongest "
out=$(complete_words sbx list --status "")
expect_out "active damaged "
# per command: a session's statuses are not a deployment's
out=$(complete_words sbx session list --status "")
expect_out "running stopped expired broken "
out=$(complete_words sbx run --engine "")
expect_out "duktape node "
out=$(complete_words sbx run --print-result = a)
expect_out "auto always "
out=$(complete_words sbx run --policy "")
expect_out "default strict "
# the command after sbx's global options, --remote's URL included
out=$(complete_words sbx --remote unix:/tmp/s.sock run --form)
T_LAST="complete: sbx --remote URL run --form"
expect_out "--format= nospace"
out=$(complete_words sbx --remote=unix:/tmp/s.sock session "")
expect_out "create exec list get stop delete files ttl sh "
out=$(complete_words sbx --list)
expect_out "--list-commands "
out=$(complete_words sbx --state)
expect_out "--state-dir= nospace"
out=$(complete_words sbx history "")
expect_out "show export import "
out=$(SBX_STATE_DIR="$T_TMP/other" complete_words sbx stats --deployment "")
expect_out "g h "
check "zsh completes --format values" grep -q "'--format=\[.*\]:format:(text json ndjson)'" "$ROOT_DIR/completions/_sbx"
check "zsh offers --list-commands" grep -q -- "--list-commands" "$ROOT_DIR/completions/_sbx"
check "fish completes --status values" grep -q -- "-l status -x -a 'active damaged'" "$ROOT_DIR/completions/sbx.fish"
check "fish offers --list-commands" grep -q -- "-l list-commands" "$ROOT_DIR/completions/sbx.fish"

# --- make install PREFIX=... puts sbx, its man pages and completions there --
out=$(make -s -n -C "$ROOT_DIR" -o all install PREFIX="$T_TMP/prefix" 2>&1)
rc=$?
T_LAST="make -n install PREFIX=\$T_TMP/prefix"
expect_rc 0
expect_out_contains "$T_TMP/prefix/bin/sbx"
expect_out_contains "$T_TMP/prefix/share/man/man1/sbx.1"
expect_out_contains "$T_TMP/prefix/share/bash-completion/completions/sbx"

# --- A run looked up by its id: sbx history show ID -------------------------
sbx run -l python -e 'import sys
print("hello")
print("oops", file=sys.stderr)
sys.exit(3)' --json --label ci=1
id=$(printf '%s' "$out" | jq -r .id)
sbx history show "$id" --json
expect_rc 0
expect_json .id "\"$id\""
expect_json .status '"error"'
expect_json .exit_code 3
expect_json .stdout '"hello\n"'
expect_json .stderr '"oops\n"'
expect_json .labels '{"ci":"1"}'
expect_json .truncated.stdout false
sbx history show "$(printf '%s' "$id" | cut -c1-12 | tr 'A-Z' 'a-z')"
expect_rc 0
expect_out_contains "status      error (exit 3)"
expect_out_contains "hello"
# Only the first 64 KiB of each stream is kept.
sbx run -e 'console.log("x".repeat(100000))' --max-output 1M --json
id=$(printf '%s' "$out" | jq -r .id)
sbx history show "$id" --json
expect_json '.stdout | length' 65536
expect_json .truncated.stdout true
expect_json .truncated.stdout_bytes 100001
sbx history show 01NOSUCHRUN
expect_rc 125
expect_err_contains "no run with id"
sbx history show 01NOSUCHRUN --json
expect_json .status '"sbx_error"'
sbx history frob x
expect_rc 125
expect_err_contains "use \`sbx history show ID\`"
# A history database from before the heads (schema 2) is migrated in place:
# its records stay, without heads, and new ones get them.
old="$T_TMP/old"
mkdir -m 700 "$old"
python3 - "$old/history.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.executescript("""
CREATE TABLE executions (seq INTEGER PRIMARY KEY, id TEXT NOT NULL, time_ms INTEGER NOT NULL,
 language TEXT NOT NULL, deployment TEXT, deployment_version INTEGER, status TEXT NOT NULL,
 ok INTEGER NOT NULL, exit_code INTEGER, signal INTEGER, code_sha256 TEXT NOT NULL,
 code_head TEXT NOT NULL, code_bytes INTEGER NOT NULL, error_name TEXT, error_message TEXT,
 wall_ms REAL NOT NULL, cpu_ms REAL NOT NULL, memory_peak_kb INTEGER NOT NULL,
 timed_out INTEGER NOT NULL, stdout_bytes INTEGER NOT NULL, stderr_bytes INTEGER NOT NULL);
CREATE INDEX executions_time ON executions(time_ms);
CREATE TABLE labels (seq INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
 PRIMARY KEY (seq, key)) WITHOUT ROWID;
CREATE UNIQUE INDEX executions_id ON executions(id);
INSERT INTO executions VALUES (1, '01OLDRECORD000000000000000', 1700000000000, 'python', NULL,
 NULL, 'ok', 1, 0, NULL, 'aa', 'print(1)', 8, NULL, NULL, 1.0, 1.0, 100, 0, 2, 0);
PRAGMA user_version=2;
""")
db.commit()
PY
sbx --state-dir "$old" history show 01OLDRECORD000000000000000 --json
expect_rc 0
expect_json .stdout null
expect_json .truncated.stdout true
expect_json .code_head '"print(1)"'
sbx --state-dir "$old" run -e 'console.log(7)' --json
id=$(printf '%s' "$out" | jq -r .id)
sbx --state-dir "$old" history show "$id" --json
expect_json .stdout '"7\n"'
sbx --state-dir "$old" stats --json
expect_json .total 2
check "schema migrated to 3" test "$(python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("PRAGMA user_version").fetchone()[0])' "$old/history.db")" = 3

# make demo installs every language the README shows (deps.sh demo), not
# only what the build needs.
demo_pkgs=$(sh "$ROOT_DIR/build-aux/deps.sh" --list demo | tr '\n' ' ')
for p in python3-pandas python3-matplotlib r-base-core default-jdk-headless nodejs; do
	check "make demo installs $p" sh -c 'case " $1" in *" $2 "*) exit 0 ;; *) exit 1 ;; esac' _ "$demo_pkgs" "$p"
done
check "make demo runs deps.sh demo" grep -q 'build-aux/deps.sh demo' "$ROOT_DIR/Makefile"

finish
