account <- function(balance = 0) {
  list(
    deposit = function(x) { balance <<- balance + x; invisible(balance) },
    withdraw = function(x) {
      if (x > balance) stop("insufficient funds: balance is ", balance)
      balance <<- balance - x
      invisible(balance)
    },
    balance = function() balance
  )
}
acc <- account(100)
acc$deposit(50)
acc$withdraw(30)
acc$balance()
r <- tryCatch(acc$withdraw(1000), error = function(e) conditionMessage(e))
r
acc$withdraw(500)
