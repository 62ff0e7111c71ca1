fib <- function(n) if (n <= 1) n else fib(n - 1) + fib(n - 2)
sapply(0:15, fib)
fact <- function(n) if (n <= 1) 1 else n * fact(n - 1)
fact(20)
factorial(170)
hanoi <- function(n, from = "A", to = "C", via = "B") {
  if (n == 1) return(1)
  hanoi(n - 1, from, via, to) + 1 + hanoi(n - 1, via, to, from)
}
hanoi(10)
