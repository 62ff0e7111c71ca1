# No stdin: file("stdin") is empty at once.
x <- readLines(file("stdin"))
print(x)
print(length(scan(file("stdin"), quiet = TRUE)))
