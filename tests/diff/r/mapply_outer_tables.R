x <- 1:9
mult <- outer(x, x)
dimnames(mult) <- list(x, x)
mult
mapply(rep, 1:4, 4:1)
sweep(matrix(1:6, 2), 2, c(1, 10, 100), "*")
scale(matrix(c(1, 2, 3, 4, 5, 6), 3))
