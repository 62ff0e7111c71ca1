cat("exiting with status 3\n")
quit(status = 3)
cat("never\n")
