#!/bin/sh
# sbx run -l r: results, errors, exit codes, stdin, files, limits.
. "$(dirname "$0")/../lib.sh"

sbx run -l r -e 'cat("hello\n")' --json
expect_rc 0
expect_json .status '"ok"'
expect_json .stdout '"hello\n"'
expect_json .result null
expect_json .language '"r"'

# The last expression's value, when visible, is the result.
sbx run -l R -e 'x <- inputs$a + inputs$b
list(sum = x, v = c(1.5, 2), s = inputs$s, df = data.frame(a = 1:2, b = c("x", "y")))' \
	-i a=2 -i b=40 -i s='"é"' --json
expect_rc 0
expect_json .result '{"sum":42,"v":[1.5,2],"s":"é","df":[{"a":1,"b":"x"},{"a":2,"b":"y"}]}'

# An assignment or a loop is invisible: no result. Inf is given as text.
sbx run -l r -e 'x <- 5' --json
expect_json .result null
sbx run -l r -e '1/0' --json
expect_json .result '"Inf"'

sbx run -l r -e 'x <- (1 +
  2))' --json
expect_rc 1
expect_json .status '"error"'
expect_json .error.name '"SyntaxError"'
expect_json .error.line 2
expect_json .error.column 5

sbx run -l r -e 'f <- function(v) stop("bad value: ", v)
g <- function() f(2)
cat("before\n")
g()' --json
expect_rc 1
expect_json .status '"error"'
expect_json .stdout '"before\n"'
expect_json .error.message '"bad value: 2"'
expect_json .error.line 1
expect_jq '.error.traceback | test("1: g\\(\\)\n2: f\\(2\\)")'
expect_jq '.error.traceback | test("withCallingHandlers|withVisible|exprs") | not'

sbx run -l r -e 'quit(status = 3)' --json
expect_rc 3
expect_json .status '"error"'
expect_json .exit_code 3

printf 'abc\n' >"$T_TMP/in.txt"
sbx run -l r --stdin "$T_TMP/in.txt" -e 'toupper(readLines(file("stdin")))' --json
expect_json .result '"ABC"'

printf '1,2\n3,4\n' >"$T_TMP/data.csv"
mkdir "$T_TMP/out"
sbx run -l r --file "$T_TMP/data.csv" --out-dir "$T_TMP/out" -e 'd <- read.csv("data.csv", header = FALSE)
writeLines(as.character(sum(d)), "sum.txt")
file.symlink("/etc/passwd", "leak")
sum(d)' --json
expect_rc 0
expect_json .result 10
expect_json '[.files[].name]' '["sum.txt"]'
check "sum.txt saved" test "$(cat "$T_TMP/out/sum.txt")" = "10"
check "the link is not saved" test ! -e "$T_TMP/out/leak" -a ! -L "$T_TMP/out/leak"

# The output before a timeout is kept. A CPU limit, not a wall one: R's
# start takes ~0.5 s of CPU but seconds of wall time on a loaded machine,
# so a 1 s wall limit could strike before "started" is printed.
sbx run -l r -t 120 --cpu-time 2 -e 'cat("started\n"); repeat {}' --json
expect_rc 124
expect_json .status '"timeout"'
expect_json .error.name '"CpuTimeLimit"'
expect_json .stdout '"started\n"'

sbx run -l r -e 'x <- numeric(1e10)' --json
expect_rc 137
expect_json .status '"memory_limit"'

sbx run -l r --max-output 1K -e 'repeat cat(strrep("x", 1000), "\n")' --json
expect_rc 141
expect_json .status '"output_limit"'

finish
