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
# The traceback is what Rscript printed, its "Calls:" line included.
expect_json .error.traceback '"Error in f(2) : bad value: 2\nCalls: g -> f\n"'
expect_jq '.error.traceback | test("withCallingHandlers|withVisible|exprs|sbx") | not'

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

# Top-level visible values print as Rscript prints them; with -e no result
# line repeats the last (Rscript printed it); --print-result always adds it.
sbx run -l r --print-result never -e '1+1
2+2'
expect_out '[1] 2
[1] 4'
sbx run -l r -e '1+1
2+2'
expect_out '[1] 2
[1] 4'
sbx run -l r --print-result always -e '1+1
2+2'
expect_out '[1] 2
[1] 4
4'

# A FILE prints exactly what Rscript prints: values, row names, warnings
# in place, nothing for invisible() and assignments; the same exit status.
cat >"$T_TMP/prog.R" <<'RS'
x <- c(2, 4, 4, 5)
mean(x)
sd(x)
invisible(7)
y <- x * 2
head(mtcars, 2)
f <- factor(c("lo", "hi", "lo"))
f
summary(x)
str(list(a = 1, b = "z"))
warning("careful")
cat("after the warning\n")
as.Date("2024-02-29") + 1
RS
sbx run "$T_TMP/prog.R"
expect_rc 0
native_out=$(Rscript "$T_TMP/prog.R" 2>"$T_TMP/native_err")
check "stdout as Rscript's" test "$out" = "$native_out"
check "stderr as Rscript's" test "$err" = "$(cat "$T_TMP/native_err")"
cat >"$T_TMP/fail.R" <<'RS'
g <- function(v) {
  if (v > 1) stop("too big: ", v)
  v
}
g(1)
g(5)
print("not reached")
RS
sbx run "$T_TMP/fail.R" --json
expect_rc 1
expect_json .error.message '"too big: 5"'
expect_json .error.line 2
expect_json .stdout '"[1] 1\n"'
native_err=$(Rscript "$T_TMP/fail.R" 2>&1 >/dev/null)
check "an error is printed as Rscript prints it" test "$(printf '%s' "$out" | jq -r .stderr)" = "$native_err"
sbx run "$T_TMP/fail.R"
check "and in text mode exactly so" test "$err" = "$native_err"

# Results: shortest round-trip doubles and natural JSON for factors,
# dates, data frames (row names as "_row" when they are not 1..n), NA.
sbx run -l r -e 'list(z = 0.1 + 0.2, pi = pi, f = factor(c("u", "v")), d = as.Date("2020-01-02"),
  na = c(1, NA), m = matrix(1:4, 2), cars = head(mtcars[, 1:2], 2), df = data.frame(a = 1:2))' --json
expect_json .result '{"z":0.30000000000000004,"pi":3.141592653589793,"f":["u","v"],"d":"2020-01-02","na":[1,null],"m":[[1,3],[2,4]],"cars":[{"_row":"Mazda RX4","mpg":21,"cyl":6},{"_row":"Mazda RX4 Wag","mpg":21,"cyl":6}],"df":[{"a":1},{"a":2}]}'
check "0.1 + 0.2 in 17 digits" test "${out#*0.30000000000000004}" != "$out"
# The environment is Rscript's: nothing of sbx's but inputs.
sbx run -l r -e 'c(ls(all.names = TRUE), Sys.getenv("R_PROFILE_USER"))' -i k=1 --json
expect_json .result '["inputs",""]'

finish
