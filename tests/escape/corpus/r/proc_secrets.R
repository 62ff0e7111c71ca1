# R: the caller's environment and sbx's memory through other processes'
# /proc files (issue 26): the pid namespace's init is a fork of sbx; its
# environ, cmdline, maps and mem, and those of every other process the code
# can reach, show nothing of sbx's arguments or the caller's environment.
# sbx-expect: ok
# sbx-want: BLOCKED
me <- Sys.getpid()
rd <- function(p) tryCatch({
  con <- file(p, "rb"); on.exit(close(con))
  out <- raw(); repeat { b <- readBin(con, "raw", 65536); if (!length(b)) break; out <- c(out, b) }
  out
}, error = function(e) NULL, warning = function(w) NULL)
secret <- function(d) {
  d[d == as.raw(0)] <- as.raw(10)
  s <- rawToChar(d)
  grepl(inputs$secret_env, s, fixed = TRUE, useBytes = TRUE) || grepl("sbxsecret", s, fixed = TRUE, useBytes = TRUE)
}
parent <- function(pid) {
  s <- rd(sprintf("/proc/%d/stat", pid))
  if (is.null(s)) return(-1)
  t <- sub("^.*\\) ", "", rawToChar(s))
  as.integer(strsplit(t, " ")[[1]][2])
}
mine <- function(pid) {
  for (i in 1:64) { if (pid == me) return(TRUE); if (pid <= 1) return(FALSE); pid <- parent(pid) }
  FALSE
}
listed <- suppressWarnings(as.integer(tryCatch(list.files("/proc"), error = function(e) character())))
pids <- sort(unique(c(1L, as.integer(inputs$pid), listed[!is.na(listed)])))
for (pid in pids) {
  if (mine(pid)) next
  for (what in c("environ", "cmdline", "maps")) {
    p <- sprintf("/proc/%d/%s", pid, what)
    d <- rd(p)
    if (is.null(d)) cat("BLOCKED", p, "\n")
    else if (length(d) && secret(d)) cat("ESCAPED the secret in", p, "\n")
    else if (what != "cmdline" && any(d != as.raw(0))) cat("ESCAPED read", p, "\n")
    else cat("note:", p, "has no secret\n")
  }
  p <- sprintf("/proc/%d/mem", pid)
  con <- tryCatch(file(p, "rb"), error = function(e) NULL, warning = function(w) NULL)
  if (is.null(con)) cat("BLOCKED", p, "\n") else { cat("ESCAPED opened", p, "\n"); close(con) }
}
