scores <- c(alice = 90, bob = 72, carol = 85)
scores
names(scores)
scores["bob"]
sort(scores, decreasing = TRUE)
scores[order(names(scores))]
which.max(scores)
