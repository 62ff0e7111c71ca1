log <- c("2024-01-05 ERROR db connection refused",
         "2024-01-05 INFO web started",
         "2024-01-06 WARN db slow query",
         "2024-01-07 ERROR auth invalid token")
parts <- do.call(rbind, strsplit(log, " "))
parts[, 1:3]
df <- data.frame(date = parts[, 1], level = parts[, 2], comp = parts[, 3])
df
table(df$level, df$comp)
df[df$level == "ERROR", ]
