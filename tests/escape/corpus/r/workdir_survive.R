# R: a work directory built to survive its removal (issue 12): a chain of
# 300 directories, a read-only directory holding 50 MiB, a read-only tree
# of 5,000 files. The driver checks the run's TMPDIR (inside the work
# directory) is gone after the run.
# sbx-args: -t 60
# sbx-expect: ok
# sbx-want: BLOCKED
cat("TMPDIR=", Sys.getenv("TMPDIR"), "\n", sep = "")
top <- setwd(Sys.getenv("TMPDIR"))
for (i in 1:300) { dir.create("d"); setwd("d") }
setwd(top)
dir.create("ro")
for (i in 1:5) writeBin(raw(10 * 2^20), file.path("ro", paste0("big", i)))
Sys.chmod("ro", "555")
dir.create("many")
for (i in 1:10) {
  d <- file.path("many", i); dir.create(d)
  file.create(file.path(d, 1:500))
  Sys.chmod(d, "500")
}
Sys.chmod("many", "500")
Sys.chmod(".", "500")
cat("BLOCKED only if the driver finds the work directory gone\n")
