# R: /proc without a pid or network namespace is the host's (issue 12):
# other processes' command lines, the list of processes, the host's
# sockets in /proc/net/unix and /proc/net/tcp (the driver's listeners).
# sbx-expect: ok
# sbx-want: BLOCKED
v <- function(bad, what) cat(if (bad) "ESCAPED" else "BLOCKED", what, "\n")
rd <- function(p) tryCatch(paste(readLines(p, warn = FALSE), collapse = "\n"),
                           error = function(e) NULL, warning = function(w) NULL)
for (pid in c(inputs$pid, inputs$victim)) {
  p <- sprintf("/proc/%d/cmdline", pid)
  v(!is.null(rd(p)), paste("read", p))
}
v(as.character(inputs$victim) %in% tryCatch(list.files("/proc"), error = function(e) character(),
                                            warning = function(w) character()), "list /proc")
port <- sprintf(":%04X", inputs$port)
for (p in c("/proc/net/unix", "/proc/net/tcp", "/proc/self/net/tcp")) {
  t <- rd(p)
  v(!is.null(t) && (grepl(inputs$sock, t, fixed = TRUE) || grepl(port, t, fixed = TRUE)),
    paste("host sockets in", p))
}
cat("note: own /proc/self/stat readable:", !is.null(rd("/proc/self/stat")), "\n")
