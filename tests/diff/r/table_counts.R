colors <- c("red", "blue", "red", "green", "blue", "red", "yellow")
t <- table(colors)
t
sort(t, decreasing = TRUE)
prop.table(t)
round(prop.table(t) * 100, 1)
names(which.max(t))
as.data.frame(t)
barplot_data <- as.vector(t)
barplot_data
