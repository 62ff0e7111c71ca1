5L
5L / 2L
5L %/% 2L
5 %% 3
-5 %/% 3
class(5L); class(5); class("5"); class(TRUE); class(NULL); class(list())
.Machine$integer.max
.Machine$integer.max + 1L
2^31
as.integer(3.9)
is.numeric(1L)
sqrt(2)^2 == 2
isTRUE(all.equal(sqrt(2)^2, 2))
bitwAnd(12L, 10L)
