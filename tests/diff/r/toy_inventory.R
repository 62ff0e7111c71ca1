inventory <- data.frame(
  item = c("hammer", "nails", "saw", "glue"),
  qty = c(3L, 500L, 1L, 12L),
  price = c(12.5, 0.05, 24, 3.2)
)
inventory$value <- inventory$qty * inventory$price
inventory[order(-inventory$value), ]
cat("Total value:", format(sum(inventory$value), nsmall = 2), "\n")
low <- inventory$item[inventory$qty < 5]
cat("Low stock:", paste(low, collapse = ", "), "\n")
print(inventory[inventory$value > 20, c("item", "value")], row.names = FALSE)
