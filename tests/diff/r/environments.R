e <- new.env()
assign("x", 10, envir = e)
get("x", envir = e)
exists("x", envir = e)
exists("nope")
local({
  y <- 5
  y * 2
})
f <- function() {
  x <- "local"
  g <- function() x
  g()
}
f()
ls(e)
environmentName(globalenv())
