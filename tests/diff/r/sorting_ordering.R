x <- c(3, 1, 4, 1, 5, 9, 2, 6)
sort(x)
sort(x, decreasing = TRUE)
order(x)
rank(x)
rev(sort(unique(x)))
df <- data.frame(name = c("b", "a", "c", "a"), val = c(2, 3, 1, 1))
df[order(df$name, -df$val), ]
sort(c("banana", "Apple", "cherry", "apple"))
duplicated(x)
x[!duplicated(x)]
