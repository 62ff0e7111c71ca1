df <- data.frame(
  team = c("red", "blue", "red", "green", "blue", "green"),
  player = c("ann", "bo", "cy", "di", "ed", "fy"),
  points = c(12, 15, 12, 9, 20, 9)
)
df[order(df$team, -df$points, df$player), ]
df[with(df, order(-points, player)), ]
rownames(df) <- NULL
df$rank <- rank(-df$points, ties.method = "min")
df
