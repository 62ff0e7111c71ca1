set.seed(123)
sample(1:10)
runif(3)
rnorm(3)
sample(c("H", "T"), 10, replace = TRUE)
round(rbinom(5, 10, 0.5))
set.seed(1); x <- sample(100, 5); x
