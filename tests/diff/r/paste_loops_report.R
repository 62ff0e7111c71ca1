sales <- c(Jan = 1200, Feb = 950, Mar = 1430, Apr = 1100)
for (m in names(sales)) {
  bar <- strrep("*", sales[[m]] %/% 100)
  cat(sprintf("%-4s %5d %s\n", m, sales[[m]], bar))
}
cat("Best month:", names(which.max(sales)), "\n")
cat("Growth:", paste0(round(diff(sales) / head(sales, -1) * 100, 1), "%"), "\n")
