#!/bin/sh
# Files in and out, as a new user expects them (issue 27):
# - --out-dir is made ready before the run: missing parents are created
#   (mkdir -p), a path that is a file is refused (exit 125, sbx_error)
#   before anything runs; the same for session exec, which saves the files
#   the code creates as run does;
# - --file PATH that is not there is the caller's mistake (sbx_error that
#   names it); a directory brings its tree (links skipped, never
#   followed); NAME and request "files" may be paths (data/x.csv);
# - session create --file puts the files in the session's working
#   directory before its first execution.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../session_lib.sh"
T=300

mkdir -p "$T_TMP/in/data/sub"
printf 'a,b\n1,2\n' >"$T_TMP/in/data/table.csv"
printf 'deep\n' >"$T_TMP/in/data/sub/deep.txt"
printf 'top\n' >"$T_TMP/in/top.txt"
ln -s /etc/hostname "$T_TMP/in/data/a-link"
WALK='import os; print(sorted(os.path.join(r, f) for r, _, fs in os.walk(".") for f in fs))'

# --- --out-dir: parents made, a file refused before the run ------------
sbx run -l python -t $T -o "$T_TMP/out/a/b" --json -e 'open("made.txt", "w").write("x")'
expect_rc 0
expect_json '.files[0].path' "\"$T_TMP/out/a/b/made.txt\""
check "missing parents of --out-dir are created, the file saved" test -s "$T_TMP/out/a/b/made.txt"
printf 'not a dir' >"$T_TMP/afile"
sbx run -l python -t $T -o "$T_TMP/afile" --json -e 'print("ran")'
expect_rc 125
expect_json .status '"sbx_error"'
expect_jq '.error.message | test("exists and is not a directory")'
expect_json .stdout '""'
sbx run -l python -t $T -o "$T_TMP/afile/sub" -e 'print("ran")'
expect_rc 125
expect_err_contains "$T_TMP/afile exists and is not a directory"
check "the code did not run" test "$out" = ""

# --- --file: missing, a directory, paths -------------------------------
sbx run -l python -t $T -f "$T_TMP/in/missing.csv" --json -e 'print(1)'
expect_rc 125
expect_json .status '"sbx_error"'
expect_jq ".error.message | test(\"$T_TMP/in/missing.csv: No such file\")"
sbx run -l python -t $T -f "$T_TMP/in/data" -f "$T_TMP/in/top.txt" --json -e "$WALK"
expect_rc 0
expect_json .stdout '"['"'"'./data/sub/deep.txt'"'"', '"'"'./data/table.csv'"'"', '"'"'./top.txt'"'"']\n"'
expect_err_contains "skipped $T_TMP/in/data/a-link: links in a directory are not followed"
expect_json .files '[]'
sbx run -l python -t $T -f "$T_TMP/in/data:input/set" --json -e 'print(open("input/set/sub/deep.txt").read().strip())'
expect_json .stdout '"deep\n"'
sbx run -l python -t $T -f "$T_TMP/in/top.txt:x/y/z.txt" --json -e 'print(open("x/y/z.txt").read().strip())'
expect_json .stdout '"top\n"'
for bad in ../up.txt /abs.txt a//b.txt a/./b.txt dir/; do
	sbx run -l python -t $T -f "$T_TMP/in/top.txt:$bad" -e 'print(1)'
	T_LAST="--file NAME $bad"
	expect_rc 125
	expect_err_contains "invalid file name '$bad'"
done
printf '{"language":"python","code":"print(open(\\"d/e/f.txt\\").read())","timeout":300,"files":{"d/e/f.txt":{"text":"in a request"}}}' >"$T_TMP/req.json"
sbx run --request "$T_TMP/req.json" --json
expect_json .stdout '"in a request\n"'
printf '{"language":"python","code":"1","files":{"../f.txt":{"text":"x"}}}' >"$T_TMP/bad.json"
sbx run --request "$T_TMP/bad.json" --json
expect_rc 125
expect_jq '.error.message | test("invalid file name \"../f.txt\"")'

# --- sessions: create --file, exec --file DIR, exec --out-dir ------------
sbx session create -l python -n files -f "$T_TMP/in/top.txt" -f "$T_TMP/in/data"
expect_rc 0
sbx session exec files -t $T --json -e "$WALK"
expect_rc 0
expect_json .stdout '"['"'"'./data/sub/deep.txt'"'"', '"'"'./data/table.csv'"'"', '"'"'./top.txt'"'"']\n"'
expect_json .files '[]'
sbx session exec files -t $T -f "$T_TMP/in/data/sub:more" --json -e 'print(open("more/deep.txt").read().strip())'
expect_json .stdout '"deep\n"'
sbx session exec files -t $T -o "$T_TMP/sout/new/dir" --json -e 'open("made.txt", "w").write("y")'
expect_rc 0
expect_json '.files[0].path' "\"$T_TMP/sout/new/dir/made.txt\""
check "session exec --out-dir saves the files the code made" test -s "$T_TMP/sout/new/dir/made.txt"
sbx session exec files -t $T -o "$T_TMP/afile" --json -e 'print("ran")'
expect_rc 125
expect_jq '.error.message | test("exists and is not a directory")'
sbx session create -l python -f "$T_TMP/in/missing.csv"
expect_rc 125
expect_err_contains "missing.csv: No such file or directory"
sbx session delete files
finish
