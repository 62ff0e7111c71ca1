# R: the shell, the network, the user's files and environment, other
# processes, leftovers in /tmp and /dev/shm.
# sbx-expect: ok
# sbx-want: BLOCKED
v <- function(bad, what) cat(if (bad) "ESCAPED" else "BLOCKED", what, "\n")
# system() works (R needs /bin/sh), but only inside the sandbox.
out <- tryCatch(system("cat /etc/shadow 2>&1; echo rc=$?", intern = TRUE), error = function(e) "err")
v(any(grepl("^root:", out)), "shell reads /etc/shadow")
r <- tryCatch({
  con <- socketConnection("127.0.0.1", inputs$port, blocking = TRUE, timeout = 2)
  close(con); TRUE
}, error = function(e) FALSE, warning = function(w) FALSE)
v(r, "socketConnection to the host")
r <- tryCatch(readLines(inputs$home, warn = FALSE), error = function(e) NULL, warning = function(w) NULL)
v(!is.null(r) && any(grepl("top secret", r)), "read the user's home")
v(length(tryCatch(list.files(dirname(inputs$home), all.files = TRUE), error = function(e) character(), warning = function(w) character())) > 0, "list the user's home")
v(nzchar(Sys.getenv(inputs$secret_env)), "environment variable of sbx")
v(!identical(path.expand("~"), getwd()) && dir.exists(path.expand("~/.ssh")), "~/.ssh")
for (d in c("/tmp", "/dev/shm")) {
  f <- file.path(d, "sbx-esc-left-r")
  ok <- tryCatch({ writeLines("x", f); TRUE }, error = function(e) FALSE, warning = function(w) FALSE)
  cat("note: wrote", f, ok, "(the driver checks the host)\n")
}
# Signals: sbx, the driver's shell, a process of the same user.
ppid <- as.integer(strsplit(sub(".*\\) ", "", readLines("/proc/self/stat")), " ")[[1]][2])
for (p in c(ppid, inputs$pid, inputs$victim)) {
  if (p <= 1) next
  ok <- suppressWarnings(tools::pskill(p, 0L))
  v(isTRUE(ok) && p != Sys.getpid(), paste("signal reaches pid", p))
}
# A daemon through the shell: must be killed when the run ends.
system(paste0("setsid sleep ", inputs$token, " </dev/null >/dev/null 2>&1 &"))
system(paste0("nohup sleep ", inputs$token, " </dev/null >/dev/null 2>&1 &"))
cat("BLOCKED daemons started (the driver checks they are gone)\n")
