f <- function(x) {
  if (x < 0) warning("negative input, using abs()")
  sqrt(abs(x))
}
f(-9)
print("continuing")
as.integer("abc")
message("a message on stderr")
print("end")
