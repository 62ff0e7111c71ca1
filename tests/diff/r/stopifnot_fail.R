x <- c(1, 2, 3)
stopifnot(is.numeric(x), length(x) == 3)
cat("first check ok\n")
stopifnot("x must be sorted descending" = all(diff(x) < 0))
