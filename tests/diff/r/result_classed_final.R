# A classed final value (roman, hexmode, octmode) prints as Rscript prints
# it and is the run's result; its conversion is never the program's failure.
x <- as.roman(c(1999, 2024))
print(x + 1L)
print(as.hexmode(c(10, 255)))
print(factor(c("lo", "hi", "lo"), levels = c("lo", "hi")))
print(as.Date("2024-02-29") + 1)
print(as.difftime(90, units = "mins"))
as.roman(1666)
