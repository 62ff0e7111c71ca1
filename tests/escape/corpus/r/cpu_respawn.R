# R: CPU time is the run's, not each process's (issue 12): forked children
# (parallel::mcparallel) that each burn 0.4 CPU-s, one after another, under
# --cpu-time 1. The run must end at its CPU limit.
# sbx-args: --cpu-time 1 -t 30
# sbx-expect: timeout
# sbx-error: CpuTimeLimit
# sbx-want: BLOCKED
library(parallel)
cat("BLOCKED: killed before the loop ends\n")
burned <- 0
while (burned < 3.5) {
  j <- mcparallel({
    t <- proc.time()[["user.self"]]
    x <- 0
    while (proc.time()[["user.self"]] - t < 0.4) x <- x + 1
    0
  })
  mccollect(j)
  burned <- burned + 0.4
}
cat("ESCAPED burned", burned, "CPU-s in children\n")
