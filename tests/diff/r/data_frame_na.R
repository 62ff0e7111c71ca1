df <- data.frame(x = c(1, NA, 3, 4), y = c("a", NA, "c", "d"), z = c(NA, 2.5, 3.5, NA))
df
is.na(df)
colSums(is.na(df))
complete.cases(df)
na.omit(df)
df$x[is.na(df$x)] <- mean(df$x, na.rm = TRUE)
df
