res <- tryCatch({
  warning("careful")
}, warning = function(w) {
  paste("caught warning:", conditionMessage(w))
}, finally = {
  cat("finally runs\n")
})
res
out <- tryCatch(stop("boom"), error = function(e) conditionMessage(e))
out
safe_log <- function(x) tryCatch(log(x), warning = function(w) NA, error = function(e) NaN)
safe_log(10); safe_log(-1); safe_log("a")
withCallingHandlers(
  { warning("w1"); cat("after w1\n") },
  warning = function(w) { cat("handling:", conditionMessage(w), "\n"); invokeRestart("muffleWarning") }
)
r <- try(log(-1), silent = TRUE)
r
e <- try(stop("oops"), silent = TRUE)
class(e)
cat(e)
