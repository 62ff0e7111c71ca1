x <- c(10, 20, 30, 40, 50)
x[-1]
x[c(-1, -5)]
x[10]
x[c(TRUE, FALSE)]
x[0]
x[x > 100]
y <- x
y[8] <- 80
y
names(x) <- c("a", "b", "c", "d", "e")
x[c("b", "d")]
x[["c"]]
