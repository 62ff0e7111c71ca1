1/3
pi
c(1.5, 2.25, 3)
100000
1e5
123456789
1234567890123
0.1 + 0.2
1e-20
c(0.001, 1000)
print(pi, digits = 3)
format(pi, nsmall = 2)
round(123.456, -1)
signif(123456, 2)
