set.seed(2024)
walk <- cumsum(sample(c(-1, 1), 50, replace = TRUE))
walk
range(walk)
which(walk == max(walk))[1]
rle(sign(diff(walk)))$lengths
hist_counts <- table(cut(walk, breaks = 5))
hist_counts
