x <- c(4, 8, 15, 16, 23, 42)
x
mean(x)
sd(x)
x * 2
x[x > 10]
rev(x)
length(x); sum(x); range(x)
