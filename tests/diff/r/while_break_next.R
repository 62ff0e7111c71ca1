i <- 0
total <- 0
while (TRUE) {
  i <- i + 1
  if (i %% 3 == 0) next
  if (i > 15) break
  total <- total + i
}
cat("total:", total, "i:", i, "\n")
for (x in c(2, 4, 7, 8)) {
  if (x %% 2 != 0) {
    cat("first odd:", x, "\n")
    break
  }
}
seq_len(0)
for (k in seq_len(0)) print("never")
