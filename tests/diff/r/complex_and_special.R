sqrt(as.complex(-4))
complex(real = 3, imaginary = 4)
Mod(3+4i)
Inf - Inf
-1/0
0/0
is.nan(c(NaN, NA, 1))
.5 == 1/2
exp(1)
log(c(1, 10, 100), base = 10)
