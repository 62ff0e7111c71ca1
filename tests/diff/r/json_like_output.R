rec <- list(id = 7L, name = "widget", tags = c("a", "b"), price = 9.99)
cat("{", paste(sprintf('"%s": %s', names(rec), sapply(rec, function(v) {
  if (is.character(v) && length(v) == 1) sprintf('"%s"', v)
  else if (is.character(v)) sprintf("[%s]", paste(sprintf('"%s"', v), collapse = ", "))
  else as.character(v)
})), collapse = ", "), "}\n")
dput(rec)
dput(c(a = 1.5, b = 2))
deparse(quote(x + y * 2))
