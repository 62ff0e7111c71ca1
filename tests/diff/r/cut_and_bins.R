ages <- c(5, 17, 18, 25, 34, 49, 50, 65, 80)
groups <- cut(ages, breaks = c(0, 17, 34, 64, Inf), labels = c("child", "young", "middle", "senior"))
groups
table(groups)
data.frame(ages, groups)
cut(c(1.5, 2.5, 3.5), 3)
findInterval(c(1, 5, 10), c(0, 3, 6, 9))
