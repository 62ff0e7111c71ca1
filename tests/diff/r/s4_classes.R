setClass("Person", representation(name = "character", age = "numeric"))
setGeneric("greet", function(obj, ...) standardGeneric("greet"))
setMethod("greet", "Person", function(obj, ...) cat("Hello,", obj@name, "\n"))
p <- new("Person", name = "Alice", age = 30)
greet(p)
isVirtualClass("Person")
p@age
setClass("Student", contains = "Person", representation(school = "character"))
s <- new("Student", name = "Bob", age = 20, school = "MIT")
greet(s)
is(s, "Person")
s
