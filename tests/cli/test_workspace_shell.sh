#!/bin/sh
# A session's shell keeps what a terminal's shell keeps between commands:
# its working directory and its exported variables (not its shell
# variables), through a stop, kill -9 of the daemon and --fresh; an
# execution's --env is for that execution only; a directory that vanished
# or lies outside the workspace gives the workspace's directory back with
# a note on stderr; a FILE runs as in a child shell (nothing of it kept).
# `sbx session sh ID -- CMD ARGS` (locally and over
# --remote) runs the words as one command line, each word quoted; a
# Markdown FILE runs its shell fences. A state the code forged (it may
# write its kernel's state directory) is checked as it is read back.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/session_lib.sh"
. "$TESTS_DIR/serve_lib.sh"

wait_gone() { timeout 60 tail --pid="$1" -f /dev/null; }
field() {
	"$SBX" session get "$1" >/dev/null 2>&1
	sed -n "s/^$2: *//p" "$SBX_STATE_DIR/sessions/$1/manifest.yaml"
}

sbx session create -l bash -n sh
ID=$out
check "create" test "$rc" -eq 0

sbx session exec sh -e 'mkdir -p sub/deep; cd sub; export FOO="a b
c"; SHVAR=1; export -n HOME_COPY=x; echo started'
expect_out started
sbx session exec sh -e 'printf "%s|%s|%s\n" "${PWD##*/}" "$FOO" "${SHVAR-unset}"'
T_LAST="the next command: the directory, the exported variable, no shell variable"
expect_out "sub|a b
c|unset"
sbx session exec sh --env FOO=given --env ONLY=1 -e 'echo "$FOO $ONLY"; cd deep'
expect_out "given 1"
sbx session exec sh -e 'echo "${PWD##*/} $FOO ${ONLY-unset}"'
T_LAST="--env for its execution only, the exported value back"
expect_out "deep a b
c unset"
sbx session exec sh -e 'cd ..; export N=$((6 * 7)); unset FOO'

# --- kept through a stop and kill -9 of the daemon ---------------------
sbx session stop sh
sbx session exec sh -e 'echo "${PWD##*/} $N ${FOO-unset}"'
T_LAST="after a stop"
expect_out "sub 42 unset"
dpid=$(field "$ID" daemon_pid)
check "the daemon runs" test -n "$dpid"
kill -9 "$dpid"
wait_gone "$dpid"
sbx session exec sh -e 'echo "${PWD##*/} $N"; export N=$((N + 1))'
T_LAST="after kill -9 of the daemon"
expect_out "sub 42"

# --- a directory outside the workspace, one that vanished ---------------
sbx session exec sh -e 'cd /tmp; pwd'
expect_out /tmp
T_LAST="a cd outside the workspace: a note"
check "$T_LAST" err_has "outside the workspace"
sbx session exec sh -e 'test "$PWD" = "$HOME" && echo workspace; echo $N'
T_LAST="outside: the next command starts in the workspace"
expect_out "workspace
43"
sbx session exec sh -e 'mkdir gone; cd gone; rmdir ../gone'
sbx session exec sh -e 'test "$PWD" = "$HOME" && echo workspace'
T_LAST="a vanished directory: the workspace, with a note"
expect_out workspace
check "$T_LAST" err_has "gone or outside the workspace"
sbx session exec sh -e 'ln -s /usr up; cd up; echo in'
sbx session exec sh -e 'test "$PWD" = "$HOME" && echo workspace'
T_LAST="a link out of the workspace is not followed back"
expect_out workspace

# --- a state the code forged is checked as it is read back --------------
sbx session exec sh -e 'printf "../../../etc\0N=43\0X=1\0" >"$TMPDIR/../state/state.bash"; trap - EXIT'
sbx session stop sh
sbx session exec sh -e 'test "$PWD" = "$HOME" && echo "workspace $X"'
T_LAST="a forged directory out of the workspace: the workspace, with a note"
expect_out "workspace 1"
check "$T_LAST" err_has "gone or outside the workspace"

# --- the command's own settings do not change what is kept --------------
sbx session exec sh -e 'IFS=x; set -eu; printf() { :; }; export K="x y"'
sbx session exec sh -e 'echo "[$K]"'
T_LAST="IFS, set -eu and a printf function do not change what is kept"
expect_out "[x y]"

# --- a FILE runs in a child shell, as `bash x.sh` in a terminal ----------
printf 'cd /; export FROM_FILE=1; echo "$N"\n' >"$T_TMP/x.sh"
sbx session exec sh "$T_TMP/x.sh"
T_LAST="a FILE starts with the shell's exports"
expect_out 43
sbx session exec sh -e 'test "$PWD" = "$HOME" && echo "workspace ${FROM_FILE-unset}"'
T_LAST="a FILE's cd and exports are not kept"
expect_out "workspace unset"

# --- the command's own exit status, an exec, --fresh --------------------
sbx session exec sh -e 'cd sub; export E=1; exit 5'
expect_rc 5
sbx session exec sh -e 'echo "${PWD##*/} $E"'
T_LAST="kept after a failing command"
expect_out "sub 1"
sbx session exec sh --fresh -e 'test "$PWD" = "$HOME" && echo "workspace ${N-unset} ${E-unset}"'
T_LAST="--fresh starts afresh"
expect_out "workspace unset unset"

# --- the short form: sbx session sh ID -- CMD ARGS ----------------------
sbx session sh sh -- printf '%s|' "a b" "it's" '$HOME' ';' '*'
T_LAST="session sh: each word one argument, quoted for the shell"
expect_out "a b|it's|\$HOME|;|*|"
sbx session sh sh --json -- sh -c 'exit 4'
T_LAST="session sh: the command's exit status, the record a bash execution's"
expect_rc 4
expect_json .language '"bash"'
expect_json .exit_code 4
sbx session sh sh
expect_rc 125
T_LAST="session sh without a command: its usage"
check "$T_LAST" err_has "sbx session sh ID|NAME \[options\] -- CMD"
start_server
"$SBX" --remote "$ADDR" session sh sh -- printf '%s|' "x y" "z" >"$T_TMP/remote" 2>&1
check "session sh over --remote" test "$(cat "$T_TMP/remote")" = "x y|z|"
stop_server

# --- Markdown: sbx run FILE.md and session exec FILE.md read the fences -
printf '# Steps\n\n```console\n# output, dropped\n$ echo one\none\n$ printf "%%s\\n" two \\\n>   three\ntwo\n```\n' >"$T_TMP/steps.md"
sbx run "$T_TMP/steps.md"
T_LAST="sbx run FILE.md: a console block's commands, not its output"
expect_out "one
two
three"
printf 'Then:\n\n```shell\npwd | grep -c /sub\n```\n' >"$T_TMP/then.md"
sbx session exec sh -e 'cd sub'
sbx session exec sh "$T_TMP/then.md"
T_LAST="session exec FILE.md: a shell fence in the shell's directory"
expect_out 1

finish
