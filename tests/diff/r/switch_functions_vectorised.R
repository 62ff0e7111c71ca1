classify <- function(x) {
  vapply(x, function(v) {
    if (is.na(v)) "missing"
    else if (v < 0) "negative"
    else if (v == 0) "zero"
    else "positive"
  }, character(1))
}
classify(c(-2, 0, 3, NA))
unit <- function(u) switch(u, km = 1000, m = 1, cm = 0.01, stop("unknown unit: ", u))
sapply(c("km", "m", "cm"), unit)
