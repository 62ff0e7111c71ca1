# stdin() is R's console, which for Rscript is the program itself: scan()
# and readLines(stdin()) read the lines after the statement (in-line
# data), which then do not run; an empty line ends scan()'s data.
x <- scan()
3 1 4 1
5 9

cat("n =", length(x), "sum =", sum(x), "\n")
words <- readLines(stdin(), n = 2)
these two lines are data
print("neither is this")
print(toupper(words))
m <- scan(stdin(), what = "", quiet = TRUE)
red green
blue

print(rev(m))
rest <- readLines(stdin())
print("the rest of the program is data too")
