a <- c(1, 2, 3, 4)
b <- c(3, 4, 5)
union(a, b)
intersect(a, b)
setdiff(a, b)
is.element(3, a)
3 %in% b
unique(c(3, 1, 3, 2, 1))
rev(unique(c("x", "y", "x")))
