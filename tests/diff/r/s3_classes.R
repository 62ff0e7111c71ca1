new_account <- function(owner, balance = 0) {
  structure(list(owner = owner, balance = balance), class = "account")
}
print.account <- function(x, ...) {
  cat("Account of", x$owner, "with balance", format(x$balance, nsmall = 2), "\n")
  invisible(x)
}
deposit <- function(acc, amt) UseMethod("deposit")
deposit.account <- function(acc, amt) {
  acc$balance <- acc$balance + amt
  acc
}
a <- new_account("Ann", 100)
a
a <- deposit(a, 50.5)
print(a)
class(a)
inherits(a, "account")
unclass(a)
summary.account <- function(object, ...) cat("summary: balance", object$balance, "\n")
summary(a)
