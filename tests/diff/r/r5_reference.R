Stack <- setRefClass("Stack", fields = list(items = "list"),
  methods = list(
    push = function(x) { items[[length(items) + 1]] <<- x },
    pop = function() { it <- items[[length(items)]]; items[[length(items)]] <<- NULL; it },
    size = function() length(items)
  ))
s <- Stack$new()
s$push(1); s$push("two"); s$push(3)
s$size()
s$pop()
s$size()
