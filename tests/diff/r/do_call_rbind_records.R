records <- list(
  list(name = "alpha", n = 3L, ok = TRUE),
  list(name = "beta", n = 7L, ok = FALSE),
  list(name = "gamma", n = 1L, ok = TRUE)
)
df <- do.call(rbind, lapply(records, as.data.frame))
df
df[df$ok, ]
sum(df$n)
sapply(records, `[[`, "name")
Filter(function(r) r$n > 2, records)
