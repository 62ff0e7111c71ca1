# Heap: double a vector until the memory limit.
# sbx-args: -m 128M -t 10
# sbx-expect: memory_limit
x <- 1
repeat x <- c(x, x)
