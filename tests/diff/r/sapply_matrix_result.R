powers <- sapply(1:5, function(i) c(square = i^2, cube = i^3))
powers
t(powers)
colnames(powers) <- paste0("n", 1:5)
powers
powers["cube", ]
