# sbx run examples/stats.R -i 'values=[3,1,4,1,5]'
# The last visible value is the result, given as JSON.
values <- unlist(inputs$values)
if (is.null(values)) values <- c(3, 1, 4, 1, 5, 9, 2, 6)
cat(length(values), "values\n")
list(mean = mean(values), median = median(values), max = max(values))
