make_counter <- function() {
  i <- 0
  function() {
    i <<- i + 1
    i
  }
}
counter <- make_counter()
counter(); counter()
print(counter())
power <- function(x, p = 2) x^p
power(3); power(2, 10)
compose <- function(f, g) function(x) g(f(x))
inc_then_sq <- compose(function(x) x + 1, function(x) x^2)
inc_then_sq(4)
do.call(sum, list(1, 2, 3))
args <- list(1:10)
do.call(mean, args)
(function(...) length(list(...)))(1, 2, 3)
