config <- list(
  server = list(host = "localhost", port = 8080L),
  features = c("auth", "logging"),
  limits = list(cpu = 2.5, memory = "512M", flags = c(a = TRUE, b = FALSE))
)
print(config)
config$server$port
rapply(config, toupper, classes = "character", how = "unlist")
setNames(1:3, c("x", "y", "z"))
list()
list(a = NULL)
