sizes <- factor(c("small", "large", "medium", "small", "large", "small"), levels = c("small", "medium", "large"))
sizes
levels(sizes)
table(sizes)
as.integer(sizes)
summary(sizes)
droplevels(sizes[sizes != "medium"])
f2 <- factor(c("b", "a", "c", "a"))
f2
nlevels(f2)
ordered(c("lo", "hi", "mid"), levels = c("lo", "mid", "hi"))
