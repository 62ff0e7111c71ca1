validate <- function(df) {
  if (!"id" %in% names(df)) stop("data frame has no 'id' column")
  invisible(TRUE)
}
process <- function(df) {
  validate(df)
  nrow(df)
}
process(data.frame(id = 1:3))
process(data.frame(x = 1:3))
