x <- (1:20)^2
head(x)
tail(x, 3)
head(letters, -20)
head(mtcars[order(mtcars$mpg, decreasing = TRUE), c("mpg", "cyl")], 5)
head(airquality)
