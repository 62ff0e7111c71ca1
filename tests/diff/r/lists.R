person <- list(name = "Ada", age = 36, langs = c("R", "C"), address = list(city = "London", zip = "N1"))
person
str(person)
person$langs
person[["address"]]$city
names(person)
length(person)
unlist(list(a = 1, b = list(c = 2, d = 3)))
list(1, "a", TRUE)
