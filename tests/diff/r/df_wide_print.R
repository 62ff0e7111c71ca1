df <- as.data.frame(matrix(round(seq(1, 60) * 1.37, 2), nrow = 5))
df
wide <- data.frame(a_very_long_column_name = 1:3, another_long_name = c(1.5, 2.5, 3.5), third = c("x", "y", "z"), fourth_col = c(TRUE, FALSE, NA), fifth_numeric_column = c(1e6, 2e-3, 3), sixth = 4:6)
wide
