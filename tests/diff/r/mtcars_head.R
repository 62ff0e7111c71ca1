head(mtcars)
head(mtcars, 3)
tail(mtcars, 2)
dim(mtcars)
