# Stack: unbounded recursion with the expression limit lifted.
# sbx-args: -t 5
# sbx-expect: error|memory_limit|signaled|timeout
options(expressions = 500000)
f <- function(n) f(n + 1) + 1
f(0)
