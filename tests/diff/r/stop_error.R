check_positive <- function(x) {
  if (x <= 0) stop("x must be positive, got ", x)
  sqrt(x)
}
check_positive(16)
cat("now a bad call\n")
check_positive(-4)
cat("never printed\n")
