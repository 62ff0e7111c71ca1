board <- matrix(".", 3, 3)
moves <- list(c(1, 1, "X"), c(2, 2, "O"), c(1, 2, "X"), c(3, 3, "O"), c(1, 3, "X"))
for (m in moves) board[as.integer(m[1]), as.integer(m[2])] <- m[3]
print(board)
winner <- function(b) {
  lines <- c(split(b, row(b)), split(b, col(b)), list(diag(b)), list(diag(b[, 3:1])))
  for (l in lines) if (l[1] != "." && all(l == l[1])) return(l[1])
  NA
}
cat("winner:", winner(board), "\n")
