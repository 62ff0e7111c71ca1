parse_num <- function(s) {
  v <- suppressWarnings(as.numeric(s))
  if (is.na(v)) stop(sprintf("cannot parse '%s'", s))
  v
}
sapply(c("1", "2.5"), parse_num)
sapply(c("3", "x"), parse_num)
