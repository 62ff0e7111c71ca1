emails <- c("ann@x.com", "bad.email", "bob@site.org", "cy@mail.co.uk")
grepl("^[[:alnum:]._-]+@[[:alnum:].-]+$", emails)
regmatches(emails, regexpr("@.*", emails))
sub("@.*", "", emails)
sprintf("%s -> %s", emails, toupper(emails))
x <- "The year 2023 and 1999 were good, 2024 too"
regmatches(x, gregexpr("[0-9]{4}", x))[[1]]
gsub("(\\w+)@(\\w+)", "\\2 at \\1", "user@host")
sprintf("%d matches", length(gregexpr("o", "foo boo")[[1]]))
