1:100
seq(0, 1, by = 0.05)
letters
LETTERS[1:10]
