x <- 5
y = 10
x + y
z <- x * y; z
(w <- 42)
invisible(print("printed by print"))
f <- function() invisible(7)
f()
print(f())
v <- f()
v
if (TRUE) 99
for (i in 1:2) i
NULL
