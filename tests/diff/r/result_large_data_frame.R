# A script that ends with a large data frame: Rscript auto-prints it (up to
# getOption("max.print")) in well under a second; sbx must print the same
# and end ok, its result left out past the output limit.
set.seed(1)
big <- data.frame(a = round(runif(3e5), 4), b = seq_len(3e5))
big
