summary(mtcars$mpg)
summary(mtcars[, 1:4])
str(mtcars)
