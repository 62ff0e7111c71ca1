A <- matrix(c(2, 1, 1, 3), nrow = 2)
A
t(A)
A %*% A
solve(A)
det(A)
diag(3)
B <- matrix(1:12, nrow = 3, dimnames = list(c("r1", "r2", "r3"), c("a", "b", "c", "d")))
B
B["r2", ]
rowSums(B); colMeans(B)
cbind(1:3, c("x", "y", "z"))
