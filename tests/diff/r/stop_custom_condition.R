my_error <- function(msg, data) structure(class = c("validationError", "error", "condition"), list(message = msg, call = sys.call(-1), data = data))
validate <- function(x) if (x < 0) stop(my_error("value must be >= 0", x)) else x
r <- tryCatch(validate(-5), validationError = function(e) paste("caught:", conditionMessage(e), "data =", e$data))
r
validate(3)
validate(-1)
