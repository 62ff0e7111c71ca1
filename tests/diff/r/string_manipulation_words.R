text <- "It was the best of times it was the worst of times"
words <- tolower(strsplit(text, " ")[[1]])
freq <- sort(table(words), decreasing = TRUE)
freq
head(names(freq), 3)
chartr("abc", "xyz", "aabbcc")
casefold("MiXeD", upper = FALSE)
sprintf("%s has %d chars", words[1:3], nchar(words[1:3]))
startsWith(words, "w")
toupper(substring(text, 1, 1))
rev(words)[1:3]
