df <- data.frame(
  treatment = factor(c("ctrl", "drugA", "drugB", "ctrl", "drugA", "drugB", "ctrl", "drugA")),
  response = c(5.1, 7.3, 6.8, 4.9, 7.9, 6.1, 5.5, 8.2)
)
summary(df)
str(df)
tapply(df$response, df$treatment, mean)
aggregate(response ~ treatment, df, function(x) c(mean = mean(x), n = length(x)))
levels(df$treatment)
relevel(df$treatment, ref = "drugA")
