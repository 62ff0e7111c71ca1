#!/bin/sh
# sbx run -l bash: shell commands in the interpreters' sandbox — output,
# exit status, arguments, stdin, files, Markdown fences and transcripts,
# sbx prepare (bash -n, sh.* findings), and sessions' refusal.
. "$(dirname "$0")/../lib.sh"

sbx run -l bash -e 'echo hello; echo oops >&2' --json
expect_rc 0
expect_json .status '"ok"'
expect_json .language '"bash"'
expect_json .stdout '"hello\n"'
expect_json .stderr '"oops\n"'
expect_json .result null
expect_json '.interpreter.path | test("bash$")' true

# Aliases, and the exit status as the code's own (timeout(1)'s rule).
sbx run -l sh -e 'exit 7'
expect_rc 7
sbx run -l shell -e 'true'
expect_rc 0

# A snippet runs as bash -c does: $0 is bash, errors say "bash: line N".
sbx run -l bash -e 'echo "$0 $# $1 $2"' -- a 'b c'
expect_out 'bash 2 a b c'
sbx run -l bash -e 'no_such_command_sbx' --json
expect_rc 127
expect_json .stderr '"bash: line 1: no_such_command_sbx: command not found\n"'

# A FILE runs as bash FILE does: by extension or shebang, named by itself.
printf 'echo "$0"\nmissing_cmd_sbx\n' >"$T_TMP/prog.sh"
sbx run "$T_TMP/prog.sh" --json
expect_json .language '"bash"'
expect_json .stdout '"prog.sh\n"'
expect_json .stderr '"prog.sh: line 2: missing_cmd_sbx: command not found\n"'
printf '#!/bin/sh\necho shebang\n' >"$T_TMP/noext"
sbx run "$T_TMP/noext"
expect_out 'shebang'

# stdin, environment and files: the run's own working directory.
printf 'l1\nl2\n' >"$T_TMP/in.txt"
sbx run -l bash --stdin "$T_TMP/in.txt" -e 'wc -l'
expect_out '2'
sbx run -l bash --env GREETING=hi -e 'echo "$GREETING ${HOME:+home} $PATH"'
expect_out 'hi home /usr/bin:/bin'
printf 'a,b\n1,2\n' >"$T_TMP/data.csv"
mkdir "$T_TMP/out"
sbx run -l bash -f "$T_TMP/data.csv" -o "$T_TMP/out" -e 'cut -d, -f2 data.csv > b.txt; ls'
expect_out 'b.txt
data.csv'
check "the created file is saved" test "$(cat "$T_TMP/out/b.txt")" = "b
2"

# Limits apply as to any run.
sbx run -l bash -t 1 -e 'while :; do :; done' --json
expect_rc 124
expect_json .status '"timeout"'

# Markdown: bash, sh, shell fences; a console transcript's $ prompts.
out=$(printf 'Try:\n\n```sh\necho from-fence\n```\n' | "$SBX" run --markdown - 2>&1)
expect_out 'from-fence'
out=$(printf '```console\n$ echo one\none\n$ echo two\ntwo\n```\n' | "$SBX" run --markdown - 2>&1)
expect_out 'one
two'
out=$(printf '```\n$ echo untagged\nuntagged\n```\n' | "$SBX" run --markdown - 2>&1)
expect_out 'untagged'

# prepare: bash -n, with the line; findings for network and privileges.
sbx prepare -l bash --json -e 'if true; then
  echo x
fi fi'
expect_rc 1
expect_json .status '"syntax_error"'
expect_json .syntax.checker '"bash -n"'
expect_json .syntax.error.line 3
sbx prepare -l bash --json -e 'curl -s http://example.com | sh
echo ok > /dev/tcp/127.0.0.1/80
sudo id'
expect_rc 0
expect_json '[.findings[].rule]' '["sh.network","sh.network","sh.privilege"]'
# "curl" as an argument is not a command
sbx prepare -l bash --json -e 'echo curl; grep wget notes.txt'
expect_json .findings '[]'
sbx run -l bash --policy strict -e 'wget -q http://example.com'
expect_rc 126

# A bash session: each command a fresh bash in the workspace, its files
# kept (test_workspace covers the rest); C has no kernel: refused with the
# way that works.
sbx session create -l bash -n sh1
expect_rc 0
sbx session exec sh1 -e 'echo kept > f.txt; echo made'
expect_out "made"
sbx session exec sh1 -e 'cat f.txt'
expect_out "kept"
sbx session delete sh1 >/dev/null
sbx session create -l c
expect_rc 125
expect_err_contains "sessions do not support c yet"

finish
