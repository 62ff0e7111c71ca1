set.seed(7)
m <- matrix(sample(1:50, 20), nrow = 4)
m
apply(m, 1, max)
apply(m, 2, range)
m[m > 30]
which(m > 40, arr.ind = TRUE)
round(cor(m[, 1:3]), 3)
