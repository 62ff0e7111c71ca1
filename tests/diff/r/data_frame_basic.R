df <- data.frame(
  name = c("Ann", "Bob", "Cy", "Dee"),
  age = c(28, 35, 42, 19),
  score = c(88.5, 92.25, 79, 95),
  stringsAsFactors = FALSE
)
df
str(df)
summary(df)
df[df$age > 25, ]
df[order(-df$score), c("name", "score")]
nrow(df); ncol(df)
colMeans(df[, c("age", "score")])
