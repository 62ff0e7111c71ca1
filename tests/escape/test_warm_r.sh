#!/bin/sh
# sbx serve's warm R sandboxes (serve.warm_pool.r) are single-use: Rscript
# waits at its gate with the prelude and R's default packages loaded, and
# whatever one run leaves — a file in its directory or its TMPDIR, a file
# in /tmp, an environment variable, an option, a global variable, a
# process started with system() — is never seen by the next run, which
# takes another warm sandbox. No run can choose what another warm sandbox
# runs: it tries to write another sandbox's code.R and prelude.R (the
# files Rscript reads after its gate) and to open every process's gate
# (fd 4); the next runs print exactly their own code's words. The escape
# corpus's R programs that take no options or inputs (what the pool takes) run warm
# and end as they must. Run as root, as sbx-ci (test_warm_r_user.sh) and
# with SBX_NO_NAMESPACES=1.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"
. "$TESTS_DIR/warm_pool_lib.sh"

command -v Rscript >/dev/null || { echo "skip: no Rscript"; finish; exit 0; }
SIZE=3
SRV_PID=
trap 'kill $SRV_PID 2>/dev/null; rm -rf "$T_TMP"' EXIT
warm_config "$T_TMP/warm.yaml" $SIZE r
start_warm_server "$T_TMP/warm.yaml"
TOKEN="16180$$"


# The first run leaves everything it can behind, and tries to make the
# other warm sandboxes run its code instead of their request's.
run_warm r 'quiet <- function(expr) invisible(tryCatch(expr, error = function(e) FALSE,
                                                  warning = function(w) FALSE))
writeLines("x", "left_cwd")
writeLines("x", file.path(Sys.getenv("TMPDIR"), "left_tmp"))
quiet(writeLines("x", "/tmp/sbx-warm-left-'"$TOKEN"'"))
Sys.setenv(SBX_WARM_LEFT = "1")
options(sbx_warm_left = 1)
sbx_warm_left <- 1
quiet(assign("sbx_warm_left", 1, envir = baseenv()))
quiet(system("sleep '"$TOKEN"'", wait = FALSE))
me <- dirname(getwd())
base <- dirname(me)
for (d in quiet(list.dirs(base, recursive = FALSE))) {
  if (identical(d, me)) next
  for (f in c("work/planted", ".sbx/code.R", ".sbx/prelude.R"))
    if (!isFALSE(quiet(writeLines("cat(\"PLANTED\\n\")", file.path(d, f)))))
      cat("planted", f, "in", d, "\n")
}
for (p in setdiff(list.files("/proc", pattern = "^[0-9]+$"), Sys.getpid())) {
  ok <- quiet({
    con <- file(file.path("/proc", p, "fd", "4"), "wb")
    writeBin(charToRaw("g"), con)
    close(con)
    TRUE
  })
  if (isTRUE(ok)) cat("fd 4 of", p, "\n")
}
cat("LEFT\n")'
expect_code 200
expect_jq '.status == "ok" and .warm == true'
check "no other sandbox's gate or files were reachable: $(printf '%s' "$out" | jq -r .stdout | tr '\n' ' ')" \
	test "$(printf '%s' "$out" | jq -r .stdout)" = LEFT
check "the background process of a warm R run ends with it" \
	sh -c "! pgrep -f '[s]leep $TOKEN' >/dev/null"
check "nothing of a warm R run is left in the host's /tmp" \
	test ! -e "/tmp/sbx-warm-left-$TOKEN"

# The next runs, each in another warm sandbox, see none of it and run
# their own code.
probe='bad <- character()
# tempdir(), the session directory R makes at its start, is in TMPDIR.
empty <- function(d) !length(setdiff(list.files(d, all.files = TRUE, no.. = TRUE),
                                     basename(tempdir())))
if (!empty(".")) bad <- c(bad, "cwd")
if (!empty(Sys.getenv("TMPDIR"))) bad <- c(bad, "tmpdir")
if (file.exists("/tmp/sbx-warm-left-'"$TOKEN"'")) bad <- c(bad, "/tmp")
if (nzchar(Sys.getenv("SBX_WARM_LEFT"))) bad <- c(bad, "env")
if (!is.null(getOption("sbx_warm_left"))) bad <- c(bad, "options")
if (exists("sbx_warm_left")) bad <- c(bad, "variable")
base <- dirname(dirname(getwd()))
left <- Sys.glob(c(file.path(base, "*", "work", c("left_cwd", "planted")),
                   file.path(base, "*", ".sbx", "tmp", "left_tmp")))
if (length(left)) bad <- c(bad, paste0("workdir:", left))
for (p in list.files("/proc", pattern = "^[0-9]+$")) {
  cl <- tryCatch(readBin(file.path("/proc", p, "cmdline"), "raw", 4096L),
                 error = function(e) raw(0), warning = function(w) raw(0))
  cl[cl == as.raw(0)] <- as.raw(32)
  if (grepl("sleep '"$TOKEN"'", rawToChar(cl), fixed = TRUE)) bad <- c(bad, paste0("process:", p))
}
cat(if (length(bad)) paste("LEAK", paste(bad, collapse = " ")) else "CLEAN", "\n", sep = "")'
for i in 1 2 3; do
	run_warm r "$probe"
	expect_code 200
	expect_jq '.status == "ok" and .warm == true'
	expect_json .stdout '"CLEAN\n"'
done

# The escape corpus's R programs without options or inputs, warm.
CORPUS=$(cd "$(dirname "$0")" && pwd)/corpus/r
for f in "$CORPUS"/*.R; do
	[ -z "$(sed -n 's/.*sbx-args: *//p' "$f")" ] || continue
	! grep -q inputs "$f" || continue
	run_warm r "$(cat "$f")"
	expect_corpus_verdict "$f" '(.stdout + .stderr)'
done

expect_drained
finish
