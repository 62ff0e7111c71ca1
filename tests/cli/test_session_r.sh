#!/bin/sh
# sbx session for R: state across executions, output byte-identical to
# `sbx run -l r` (values, warnings, errors, syntax errors), inputs and the
# record, a timeout inside a session (state kept), stop and restore (what
# could not be saved named), kill -9 of the kernel, hostile code contained
# as with run.
. "$(dirname "$0")/../lib.sh"

SD=$SBX_STATE_DIR
. "$(dirname "$0")/../session_lib.sh"
jq_out() { printf '%s' "$out" | jq -e "$1" >/dev/null; }
manifest() { echo "$SD/sessions/$1/manifest.yaml"; }
# A field of the manifest, after a sync (session get): the daemon's writer
# thread puts its bookkeeping on disk after the reply (daemon_pid too).
field() {
	"$SBX" session get "$1" >/dev/null 2>&1
	sed -n "s/^$2: *//p" "$(manifest "$1")"
}
T=300

# A missing interpreter is a failure, not a skip: build-aux/deps.sh test
# installs it.
if ! command -v Rscript >/dev/null 2>&1; then
	echo "$T_NAME: Rscript is missing: build-aux/deps.sh test installs r-base-core" >&2
	exit 1
fi

# --- create, state across executions ---
sbx session create -l r -n rs
expect_rc 0
ID=$out
check "the manifest names the language" grep -q '^language: r$' "$(manifest "$ID")"
sbx session exec rs -t $T -e 'x <- 41
f <- function(n) n * 2
library(stats4)
cat("hello\n")
x + 1'
expect_rc 0
# R auto-printed the value: no result line repeats it (as in run).
expect_out "hello
[1] 42"
sbx session exec rs -t $T --json -e 'c(f(x), "package:stats4" %in% search())'
expect_rc 0
expect_json .result '[82,1]'
expect_json .stdout '"[1] 82  1\n"'
expect_json .status '"ok"'
expect_json .language '"r"'
expect_json .session.execution_count 2
expect_json .session.restored false
expect_json .sandbox.seccomp true
sbx session exec rs -t $T --json -i n=5 -e 'inputs$n * x'
expect_json .result 205
sbx session exec rs -t $T --json -e 'data.frame(a = 1:2, b = c("p", "q"))'
expect_json .result '[{"a":1,"b":"p"},{"a":2,"b":"q"}]'
check "a data frame is a rich result too" jq_out '.results | map(.mime) | index("text/html") != null'

# --- the output is byte for byte a one-shot run's ---
same_as_run() {
	sbx run -l r -t $T -e "$2"
	run_out=$out run_err=$err run_rc=$rc
	sbx session exec rs -t $T -e "$2"
	check "$1: stdout as run" test "$out" = "$run_out"
	check "$1: stderr as run" test "$err" = "$run_err"
	check "$1: exit code as run ($run_rc)" test "$rc" = "$run_rc"
}
same_as_run "an error in a function" 'g <- function() h(); h <- function() stop("deep")
g()
cat("not reached\n")'
same_as_run "an error at the top level" 'stop("top"); cat("no\n")'
same_as_run "warnings" 'h <- function() { warning("a"); warning("b"); 1 }
h()
log(-1)'
same_as_run "a syntax error after a statement" 'cat(1)
y y
cat(2)'
same_as_run "an incomplete program" 'cat("a\n")
k <- function() {
  1'
same_as_run "S4 show and invisible" 'setClass("P", representation(v = "numeric")); new("P", v = 1); invisible(5)'
sbx session exec rs -t $T -e 'cat("not reached\n")'
check "nothing after an error ran (the session goes on)" test "$out" = "not reached"

# --- a timeout inside the session: interrupted, the state kept ---
sbx session exec rs -t 2 --json -e 'kept <- 7
cat("before\n")
repeat {}'
expect_rc 124
expect_json .status '"timeout"'
expect_json .stdout '"before\n"'
expect_json .session.timeout_action '"interrupted"'
sbx session exec rs -t $T --json -e 'x + kept'
expect_json .result 48
expect_json .session.restored false

# --- stop and restore; what could not be saved is named ---
sbx session exec rs -t $T -e 'con <- file(tempfile(), "w")'
sbx session stop rs
expect_rc 0
sbx session get rs --json
expect_json .status '"stopped"'
sbx session exec rs -t $T --json -e 'c(f(x), kept, "package:stats4" %in% search())'
expect_rc 0
expect_json .result '[82,7,1]'
expect_json .session.restored true
check "the connection is named as not saved" jq_out '.session.unsaved | map(select(startswith("con "))) | length == 1'

# --- kill -9 of the kernel: the next exec says so and has the state ---
rundir=$(field "$ID" rundir)
kpid=$(pgrep -f "$rundir/.sbx/tmp/console.fifo" | head -n 1)
check "the kernel runs" test -n "$kpid"
kill -9 "$kpid"
sbx session exec rs -t $T --json -e 'x'
expect_json .result 41
expect_json .session.restored true
check "the record says the kernel was killed" jq_out '.session.recovered | test("kernel ended")'

# --- hostile code inside a session: contained as with run ---
sbx session create -l r -n rhostile -m 128M
echo "top secret" >"$T_TMP/secret"
sbx session exec rhostile --json -t $T -i home="\"$T_TMP/secret\"" \
	-i secret_env='"SBX_TEST_SECRET"' "$ROOT_DIR/tests/escape/corpus/r/attacks.R"
check "attacks.R: nothing escaped" jq_out '[.stdout, .stderr] | all(test("ESCAPED") | not)'
check "attacks.R: blocked" jq_out '.stdout | test("BLOCKED")'
sbx session exec rhostile --json -t $T "$ROOT_DIR/tests/escape/corpus/r/heap_bomb.R"
expect_json .status '"memory_limit"'
sbx session exec rhostile --json -t $T -e '"alive"'
expect_json .result '"alive"'

sbx session list --json --language r
expect_json 'length' 2
sbx session delete rs
expect_rc 0
check "delete removed the directory" test ! -e "$SD/sessions/$ID"

finish
