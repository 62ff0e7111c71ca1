words <- c("stats", "level", "data", "radar", "model")
is_pal <- function(w) w == paste(rev(strsplit(w, "")[[1]]), collapse = "")
vapply(words, is_pal, logical(1))
words[vapply(words, is_pal, logical(1))]
sapply(words, nchar)
unname(sapply(words, toupper))
table(unlist(strsplit(paste(words, collapse = ""), "")))
