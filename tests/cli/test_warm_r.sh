#!/bin/sh
# R in sbx serve's warm pool (serve.warm_pool.r): Rscript is started with
# sbx's prelude and R's default packages loaded and waits at the gate; the
# prelude reads the code's file only after it. A run taken warm answers
# the same record, history and events as the same run cold (output,
# errors with their lines, warnings, exit codes, stdin, a plot,
# commandArgs()), plus "warm": true. Steps wait on the server's words,
# never on time.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"
. "$TESTS_DIR/warm_pool_lib.sh"

command -v Rscript >/dev/null || { echo "skip: no Rscript"; finish; exit 0; }

# The key takes r; the message for a language without warm sandboxes
# names r among those that have them.
printf 'serve:\n  warm_pool:\n    r: 2\n' >"$T_TMP/ok.yaml"
sbx run --config "$T_TMP/ok.yaml" -l r -e 'cat(1)'
expect_rc 0
expect_out "1"
for bad in 'typescript: 2' 'r: 17' 'r: two'; do
	printf 'serve:\n  warm_pool:\n    %s\n' "$bad" >"$T_TMP/bad.yaml"
	sbx run --config "$T_TMP/bad.yaml" -l r -e 'cat(1)'
	expect_rc 125
	expect_err_contains "serve.warm_pool"
done
printf 'serve:\n  warm_pool:\n    typescript: 2\n' >"$T_TMP/bad.yaml"
sbx run --config "$T_TMP/bad.yaml" -l r -e 'cat(1)'
expect_err_contains "python, java, r,"

# A warm R sandbox started by hand takes its request.
sbx_in '{"language":"r","code":"cat(\"hand\\n\")"}' run --warm-sandbox r --format json --request -
expect_rc 0
expect_jq '.status == "ok" and .warm == true and .stdout == "hand\n"'

# A cold server beside the warm one, on a state directory of its own.
start_cold_server
SRV_PID=
trap 'kill $SRV_PID $COLD_PID 2>/dev/null; rm -rf "$T_TMP"' EXIT
SIZE=2
start_warm_pool r

# The same records warm and cold, but for the run's own id, times, memory
# and "warm". commandArgs() names the code's file, in the run's own
# directory: its name is compared without the run's id.
for code in 'cat("hi\n")
6 * 7' 'message("to stderr"); cat("out\n")
quit(status = 3)' 'f <- function(x) {
  if (x > 1) stop("too big: ", x)
  x
}
f(1)
f(2)' 'for (i in 1:2) warning(paste("w", i))
log(-1)
cat("after\n")' 'x <- (1 +' 'x <- readLines(file("stdin"))
length(x)' 'a <- commandArgs()
sub("run-[^/]*", "RUN", a)' 'print(search())
data.frame(n = 1:3, s = c("a", "b", NA))' 'plot(1:10)' 'library(stats)
sd(c(1, 2, 3, 4))'; do
	warm_vs_cold r "$code"
done

# What each case must say, warm (the records are the same cold).
warm_r() {
	pool_full $SIZE r
	api POST /v1/run "$(jq -cn --arg c "$1" '{language: "r", code: $c}')"
	T_LAST="R warm: $1"
	expect_jq '.warm == true'
}
warm_r 'cat("hi\n")
6 * 7'
expect_jq '.stdout == "hi\n[1] 42\n" and .result == 42'
warm_r 'quit(status = 3)'
expect_jq '.exit_code == 3'
warm_r 'f <- function(x) stop("too big")
f(2)'
expect_jq '.status == "error" and .error.line == 1 and (.stderr | contains("too big"))'
warm_r 'x <- (1 +'
expect_jq '.error.name == "SyntaxError"'
warm_r 'warning("careful")'
expect_jq '.stderr | contains("careful")'
warm_r 'plot(1:10)'
expect_jq '.results[0].mime == "image/png"'
warm_r 'print(search())'
expect_jq '.stdout | contains("package:stats") and contains("package:methods")'

# A request the pool was not made for runs cold, as without a pool; its
# stdin is its own.
api POST /v1/run '{"language":"r","code":"cat(readLines(file(\"stdin\")))","stdin":"typed"}'
expect_jq '.warm == false and .stdout == "typed"'

expect_drained
kill -TERM "$COLD_PID"
wait "$COLD_PID"
finish
