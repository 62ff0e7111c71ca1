# R's JIT compiler works for the code as under Rscript: sbx's prelude turns
# it off for its own functions only (issue 33), never for the code's.
f <- function(x) {
  s <- 0
  for (i in seq_len(x)) s <- s + i
  s
}
compiled <- function(g) any(grepl("<bytecode", capture.output(print(g)), fixed = TRUE))
cat("JIT level:", compiler::enableJIT(-1), "\n")
f(10)
cat("after one call, compiled:", compiled(f), "\n")
f(10)
cat("after two calls, compiled:", compiled(f), "\n")
h <- function() 1
h(); h()
cat("a small one, compiled:", compiled(h), "\n")
cat("JIT level at the end:", compiler::enableJIT(-1), "\n")
