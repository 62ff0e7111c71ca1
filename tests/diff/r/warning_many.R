for (i in 1:3) warning(paste("warning number", i))
cat("after loop\n")
x <- as.numeric(c("1", "two", "3"))
x
