for (i in 1:5) {
  if (i %% 2 == 0) {
    cat(i, "is even\n")
  } else {
    cat(i, "is odd\n")
  }
}
n <- 0
while (n < 3) {
  n <- n + 1
  print(n)
}
r <- repeat {
  n <- n - 1
  if (n <= 0) break
}
x <- 7
res <- switch(as.character(x %% 3), "0" = "zero", "1" = "one", "2" = "two")
res
ifelse(1:6 > 3, "big", "small")
