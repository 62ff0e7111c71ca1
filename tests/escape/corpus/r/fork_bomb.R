# Fork bomb through parallel::mcfork, then a shell one; the deadline ends it.
# sbx-args: -t 1
# sbx-expect: timeout
repeat {
  tryCatch(parallel::mcparallel(repeat {}), error = function(e) NULL)
  tryCatch(system("sh -c 'f() { f | f & }; f' >/dev/null 2>&1 &"), error = function(e) NULL)
}
