v <- c(1, NA, 3, NA, 5)
v
is.na(v)
sum(v, na.rm = TRUE)
mean(v)
mean(v, na.rm = TRUE)
c(TRUE, FALSE, NA) & TRUE
any(v > 4, na.rm = TRUE)
which(is.na(v))
NULL
c(a = 1, b = NA, c = 3)
