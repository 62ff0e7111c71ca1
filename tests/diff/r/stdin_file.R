# R reads the process's standard input through file("stdin") (and the
# functions that open it by name); readline() is not interactive: "".
con <- file("stdin")
open(con)
first <- readLines(con, n = 1)
nums <- scan(con, what = double(), n = 4, quiet = TRUE)
rest <- readLines(con)
close(con)
cat("first:", first, "\n")
print(sum(nums))
print(rest)
ans <- readline("answer? ")
print(ans)
