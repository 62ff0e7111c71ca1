setosa <- subset(iris, Species == "setosa")
nrow(setosa)
round(sapply(setosa[1:4], mean), 3)
round(cor(iris$Sepal.Length, iris$Petal.Length), 4)
iris[c(1, 51, 101), ]
boxplot.stats(iris$Sepal.Width)$out
quantile(iris$Petal.Width, c(0.1, 0.5, 0.9))
