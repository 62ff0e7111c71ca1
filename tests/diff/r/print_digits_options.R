options(digits = 4)
pi
c(1.23456789, 123.456789)
options(digits = 10)
pi
exp(10)
options(digits = 7, scipen = 5)
1e8
0.00001
options(scipen = 0)
1e15
1e16
100000
1e5 + 0.1
