# What R has loaded when the code starts: the attached packages in their
# order, the loaded namespaces, what masks what. sbx's prelude attaches the
# default packages and loads the JIT's compiler before its gate; Rscript
# does both after its profile: the code must find the same.
print(search())
print(loadedNamespaces())
print(getOption("defaultPackages"))
print(conflicts(detail = FALSE))
f <- function(x) x + 1
for (i in 1:3) f(i)
print(is.function(compiler::cmpfun))
print(compiler::enableJIT(-1))
