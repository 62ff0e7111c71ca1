collatz <- function(n) {
  steps <- 0
  while (n != 1) {
    n <- if (n %% 2 == 0) n / 2 else 3 * n + 1
    steps <- steps + 1
  }
  steps
}
sapply(1:15, collatz)
which.max(sapply(1:1000, collatz))
primes <- function(n) {
  p <- 2:n
  i <- 1
  while (i <= length(p)) {
    p <- p[p == p[i] | p %% p[i] != 0]
    i <- i + 1
  }
  p
}
primes(60)
