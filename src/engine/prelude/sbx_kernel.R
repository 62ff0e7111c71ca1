# sbx session kernel for R: runs after sbx_prelude.R (started with
# SBX_KERNEL set, so the prelude sets everything up, reads no program and
# leaves its environment in options(sbx.kernel)).
#
# Rscript's own top-level loop runs every execution, so each prints exactly
# what a one-shot `sbx run -l r` prints (auto-printed values, warnings after
# each top-level call, "Error in f() : ...", "Calls:", "Execution halted").
# Rscript's program file is a FIFO (sbx made it, and holds it open so it
# never ends); this kernel writes the code into it, one top-level statement
# at a time, each followed by the sentinel line: a no-op expression the
# prelude's task callback hands to kernel_step, which writes the next
# statement, or ends the execution and waits for the next one. An uncaught
# error returns to the top level, where options(error) marks it and prints
# "Execution halted" as Rscript would; the statements after it are never
# written, so they do not run.
#
# fd 0 is sbx's control channel (a socket; R reads and writes it through
# file("stdin")): one JSON object per line each way, as sbx_kernel.py.
# In: {"state", "token"} once, then {"seq", "code", ..., "inputs"} per
# execution, with "stdin" (a file), "env" and "args" between code and
# inputs when it has them. Out: {"ready", "restored", "unsaved"} once, then per execution
# {"start"}, {"done", "exit_code", "report", "interrupted", "cpu_ms",
# "maxrss_kb"} and, once the global environment is saved (saveRDS to a
# temporary file, then renamed), {"saved", "ms", "bytes", "unsaved"}. The
# end of an execution's output is marked by the token on stdout and stderr.
# SIGINT interrupts the running execution (sbx's per-execution timeout or
# CPU-time limit); the session goes on.
#
# The code's file("stdin") (and readLines("stdin"), scan(file = "stdin"),
# read.table("stdin"), which open it) is the execution's "stdin" file, else
# /dev/null: base's file() is wrapped, since fd 0 is the control channel
# and R cannot move it. stdin() is R's console, which for Rscript is the
# program file: readLines(stdin()), scan() and scan(stdin()) read the rest
# of the program after the statement that reads (in-line data), and what
# they take does not run. Here the console is the FIFO, which holds the
# kernel's sentinel and never ends, so stdin() is wrapped too: during an
# execution it is a connection over the code's lines after the current
# statement; once that statement is over the lines it read are skipped and
# the rest is parsed again. scan() of it stops at an empty line, as of
# the console. commandArgs() gives the execution's "args" after
# "--args" (commandArgs(trailingOnly = TRUE) is them, as for Rscript FILE
# ARGS), and its "env" is set with Sys.setenv for the execution only.
local({
  p <- getOption("sbx.kernel")
  options(sbx.kernel = NULL)
  fifo_bytes <- suppressWarnings(as.numeric(Sys.getenv("SBX_KERNEL_FIFO_BYTES", "65536")))
  Sys.unsetenv("SBX_KERNEL_FIFO_BYTES")
  if (is.na(fifo_bytes)) fifo_bytes <- 65536
  console <- sub("^--file=", "", grep("^--file=", commandArgs(), value = TRUE)[1])
  ctl_in <- file("stdin", "r")
  ctl_out <- file("stdin", "wb")
  # From here on the code's file("stdin") is its own stdin, not fd 0.
  rebind <- function(name, f) for (e in list(.BaseNamespaceEnv, baseenv())) {
    unlockBinding(name, e)
    assign(name, f, envir = e)
    lockBinding(name, e)
  }
  local({
    orig <- base::file
    f <- orig
    body(f) <- bquote({
      if (identical(description, "stdin")) description <- getOption("sbx.stdin", "/dev/null")
      .(body(orig))
    })
    rebind("file", f)
    orig_stdin <- base::stdin
    rebind("stdin", function() {
      if (is.null(cur) || is.null(cur$lines) || cur$nxt < 2L) return(orig_stdin())
      if (is.null(cur$con)) {
        at <- cur$base + cur$ends[[cur$nxt - 1L]]  # the current statement's last line
        rest <- if (at < length(cur$lines)) cur$lines[(at + 1L):length(cur$lines)] else character()
        cur$con <<- textConnection(rest, encoding = "UTF-8")
        cur$con_n <<- length(rest)
        cur$con_at <<- at
      }
      cur$con
    })
    orig_scan <- base::scan
    f <- orig_scan
    body(f) <- bquote({
      if (missing(text) && (identical(file, "") || inherits(file, "connection"))) {
        con <- stdin()
        if (as.integer(con) != 0L && (identical(file, "") || identical(file, con))) {
          # The console's scan: its lines up to an empty one (taken too).
          lines <- character()
          repeat {
            l <- readLines(con, n = 1L, warn = FALSE)
            if (!length(l) || !nzchar(l)) break
            lines <- c(lines, l)
          }
          file <- textConnection(lines, encoding = "UTF-8")
          on.exit(close(file), add = TRUE)
        }
      }
      .(body(orig_scan))
    })
    rebind("scan", f)
    orig_args <- base::commandArgs
    rebind("commandArgs", function(trailingOnly = FALSE) {
      a <- getOption("sbx.args")
      all <- orig_args()
      if (!is.null(a)) {
        k <- match("--args", all, 0L)
        all <- c(if (k) all[seq_len(k)] else c(all, "--args"), a)
      }
      if (!trailingOnly) return(all)
      k <- match("--args", all, 0L)
      if (k) all[-seq_len(k)] else character()
    })
  })
  old_env <- list()
  feed_con <- fifo(console, "wb")
  sentinel_text <- sprintf("invisible(\"sbx:kernel:%s\")",
                           paste(sample(c(0:9, letters[1:6]), 16, TRUE), collapse = ""))
  sentinel <- str2lang(sentinel_text)
  state <- NULL
  token <- ""
  started <- FALSE
  cur <- NULL  # the execution in progress: seq, statements, the next one
  err <- FALSE
  interrupted <- FALSE
  captured <- character()
  t0 <- NULL

  send <- function(json) {
    writeBin(charToRaw(enc2utf8(paste0(json, "\n"))), ctl_out)
    flush(ctl_out)
  }
  jbool <- function(b) if (isTRUE(b)) "true" else "false"
  # The end of what was written so far, on stdout and stderr: sbx cuts the
  # output there (an execution's, or the restore's, which it drops).
  mark <- function() {
    tryCatch(flush(stdout()), error = function(e) NULL)
    cat(token, file = stdout())
    tryCatch(flush(stdout()), error = function(e) NULL)
    cat(token, file = stderr())
  }
  jarr <- function(v) if (!length(v)) "[]" else paste0("[", paste(p$esc(v), collapse = ","), "]")
  feed <- function(text) {
    writeBin(charToRaw(enc2utf8(paste0(text, "\n", sentinel_text, "\n"))), feed_con)
    flush(feed_con)
  }

  # A JSON string's body (from just after its opening quote): the decoded
  # text and where the rest begins. The control lines are jansson's.
  json_string_at <- function(s, from) {
    body <- substring(s, from)
    esc <- gregexpr("\\\\(u[0-9a-fA-F]{4}|.)", body, perl = TRUE)[[1]]
    quotes <- gregexpr("\"", body, fixed = TRUE)[[1]]
    starts <- if (esc[1] > 0) esc else integer()
    lens <- if (esc[1] > 0) attr(esc, "match.length") else integer()
    escaped <- starts[lens == 2L] + 1L
    end <- quotes[!(quotes %in% escaped)][1]
    text <- substring(body, 1L, end - 1L)
    if (length(starts) && any(starts < end)) {
      m <- gregexpr("\\\\(u[0-9a-fA-F]{4}|.)", text, perl = TRUE)
      found <- regmatches(text, m)[[1]]
      u <- unique(found)
      dec <- vapply(u, function(e) {
        ch <- substr(e, 2L, 2L)
        if (ch == "u") {
          cp <- strtoi(substr(e, 3L, 6L), 16L)
          if (cp == 0L) "" else intToUtf8(cp)
        } else switch(ch, n = "\n", t = "\t", r = "\r", b = "\b", f = "\f", ch)
      }, "")
      regmatches(text, m) <- list(unname(dec[match(found, u)]))
    }
    list(text = text, rest = from + end)
  }
  field_string <- function(line, key) {
    at <- regexpr(paste0("\"", key, "\":\""), line, fixed = TRUE)
    if (at < 0) return(NULL)
    json_string_at(line, at + nchar(key) + 4L)
  }

  # The code's top-level statements, each as the lines that hold it (a line
  # with two statements is one), so that nothing after an error is written.
  statements <- function(code, exprs) {
    lines <- strsplit(code, "\n", fixed = TRUE)[[1]]
    if (!length(lines) || is.null(exprs) || !length(exprs)) return(structure(character(), ends = integer()))
    srs <- attr(exprs, "srcref")
    first <- vapply(srs, function(s) s[[1]], 0L)
    last <- vapply(srs, function(s) s[[3]], 0L)
    cut <- sort(unique(last))
    for (k in seq_along(first))
      if (last[k] > first[k]) cut <- cut[!(cut >= first[k] & cut < last[k])]
    from <- c(1L, utils::head(cut, -1L) + 1L)
    structure(vapply(seq_along(cut), function(i) paste(lines[from[i]:cut[i]], collapse = "\n"), ""),
              ends = cut)
  }

  # ---- state: the global environment but `inputs`, and the attached
  # packages (attached again by name on restore).
  last_saved <- NULL  # the bytes of the last small state written
  unsavable <- function(v) inherits(v, "connection") || typeof(v) == "externalptr"
  save_state <- function() {
    s0 <- proc.time()[["elapsed"]]
    g <- globalenv()
    nm <- setdiff(ls(g, all.names = TRUE), "inputs")
    vars <- mget(nm, envir = g)
    bad <- vapply(vars, unsavable, NA)
    unsaved <- if (any(bad)) sprintf("%s (%s)", nm[bad], vapply(vars[bad], function(v)
      class(v)[[1]], "")) else character()
    pkgs <- sub("^package:", "", grep("^package:", search(), value = TRUE))
    tmp <- paste0(state, ".tmp")
    st <- list(format = 1L, vars = vars[!bad], packages = rev(pkgs), unsaved = unsaved)
    ok <- tryCatch({
      # A small state is serialized in memory (the bytes saveRDS writes)
      # and not written again when it did not change; a large one goes
      # straight to the file, never held twice in the session's memory.
      if (as.numeric(utils::object.size(st)) <= 65536) {
        raw <- serialize(st, NULL)
        if (identical(raw, last_saved) && file.exists(state)) TRUE else {
          writeBin(raw, tmp)
          last_saved <<- raw
          file.rename(tmp, state)
        }
      } else {
        last_saved <<- NULL
        saveRDS(st, tmp, compress = FALSE)
        file.rename(tmp, state)
      }
    }, error = function(e) {
      unsaved <<- c(unsaved, sprintf("the state (%s)", conditionMessage(e)))
      FALSE
    })
    size <- if (isTRUE(ok)) file.size(state) else 0
    sprintf("\"ms\":%s,\"bytes\":%.0f,\"unsaved\":%s",
            p$num(1000 * (proc.time()[["elapsed"]] - s0)), size, jarr(unsaved))
  }
  restore_state <- function() {
    if (!file.exists(state)) return(list(restored = FALSE, unsaved = character()))
    st <- tryCatch(readRDS(state), error = function(e) e)
    if (inherits(st, "error"))
      return(list(restored = TRUE, unsaved = sprintf("the saved state (%s)", conditionMessage(st))))
    unsaved <- as.character(st$unsaved)
    for (pk in setdiff(st$packages, sub("^package:", "", search())))
      tryCatch(suppressPackageStartupMessages(library(pk, character.only = TRUE)),
               error = function(e) unsaved <<- c(unsaved, sprintf("package %s (%s)", pk,
                                                                 conditionMessage(e))))
    list2env(st$vars, envir = globalenv())
    list(restored = TRUE, unsaved = unsaved)
  }

  maxrss_kb <- function() tryCatch({
    s <- grep("^VmHWM:", readLines("/proc/self/status", warn = FALSE), value = TRUE)
    as.numeric(gsub("[^0-9]", "", s))
  }, error = function(e) 0)
  cpu_s <- function() {
    t <- proc.time()
    sum(t[c("user.self", "sys.self", "user.child", "sys.child")], na.rm = TRUE)
  }

  # An uncaught error: R has printed it (and the warnings); Rscript would
  # now print this and stop.
  on_error <- function() {
    if (interrupted) return(invisible())
    err <<- TRUE
    cat("Execution halted\n", file = stderr())
  }
  # SIGINT: back to the top level at once, where the sentinel ends the
  # execution (no error printed: sbx says it timed out).
  globalCallingHandlers(interrupt = function(cond) {
    if (!is.null(cur)) {
      interrupted <<- TRUE
      invokeRestart("abort")
    }
  })

  # The code's top-level statements as written to the FIFO (attribute
  # "ends": the line each ends on); sets p's exprs, n_expr and syntax.
  plan <- function(code) {
    # (A final newline would be one more, empty, line: not in a file.)
    exprs <- tryCatch(parse(text = sub("\n$", "", code), keep.source = TRUE, encoding = "UTF-8"),
                      error = function(e) e)
    tail <- NULL
    incomplete <- FALSE
    if (inherits(exprs, "error")) {
      msg <- conditionMessage(exprs)
      m <- regmatches(msg, regexec("^[^:]*:([0-9]+):([0-9]+): ([^\n]*)", msg))[[1]]
      p$syntax <- if (length(m) == 4) list(line = as.integer(m[[2]]), column = as.integer(m[[3]]),
                                           message = m[[4]]) else list(line = NULL, column = NULL,
                                                                         message = msg)
      lines <- strsplit(code, "\n", fixed = TRUE)[[1]]
      bad <- min(max(1L, if (is.null(p$syntax$line)) length(lines) else p$syntax$line), length(lines))
      incomplete <- grepl("end of input|INCOMPLETE_STRING", msg)
      # The statements before the one that does not parse run, as in
      # Rscript, which reports the syntax error only when it gets there.
      good <- NULL
      for (k in seq.int(bad - 1L, 0L)) {
        if (k < bad - 200L) k <- 0L
        good <- if (k == 0L) expression() else
          tryCatch(parse(text = paste(lines[seq_len(k)], collapse = "\n"), keep.source = TRUE),
                   error = function(e) NULL)
        if (!is.null(good)) break
      }
      # Rscript's own parse error message, printed by its own loop; but an
      # incomplete last statement would wait for more input: said here.
      if (!incomplete && k < bad) tail <- paste(lines[(k + 1L):bad], collapse = "\n")
      exprs <- good
      prefix <- if (k > 0) paste(lines[seq_len(k)], collapse = "\n") else ""
      p$exprs <- NULL
      p$n_expr <- 0L
      pre <- statements(prefix, exprs)
      stmts <- structure(c(pre, tail), ends = c(attr(pre, "ends"), if (!is.null(tail)) bad))
    } else {
      p$exprs <- exprs
      p$n_expr <- length(exprs)
      stmts <- statements(code, exprs)
    }
    big <- nchar(stmts, type = "bytes") > fifo_bytes - 256
    if (any(big)) {
      cat(sprintf("sbx: a top-level statement of %.0f bytes is more than a session's kernel takes at once (%.0f): split it, or read the data from a file\n",
                  max(nchar(stmts, type = "bytes")), fifo_bytes - 256), file = stderr())
      err <<- TRUE
      stmts <- structure(character(), ends = integer())
    }
    list(stmts = stmts, ends = attr(stmts, "ends"), incomplete = incomplete)
  }

  # Starts an execution: FALSE when there is nothing to write (no code, or
  # a syntax error before any statement), so it is finished at once.
  begin <- function(line) {
    seq <- sub("^\\{\"seq\":([0-9]+).*", "\\1", line)
    code <- field_string(line, "code")
    send(sprintf("{\"start\":%s}", seq))
    inputs <- structure(list(), names = character())
    # The keys after the code ("stdin", "env", "args", "inputs"): one object.
    after <- if (is.null(code)) list() else
      tryCatch(p$from_json(paste0("{", substring(line, code$rest + 1L))), error = function(e) list())
    if (is.list(after$inputs) && length(after$inputs)) inputs <- after$inputs
    if (is.numeric(after$results_max)) p$rich_max <- after$results_max  # this execution's output limit
    assign("inputs", inputs, envir = globalenv())
    options(sbx.stdin = if (is.character(after$stdin)) after$stdin else NULL,
            sbx.args = if (is.list(after$args)) as.character(unlist(after$args)) else NULL)
    if (is.list(after$args) && !length(after$args)) options(sbx.args = character())
    old_env <<- list()
    for (k in names(after$env)) {
      old_env[[k]] <<- Sys.getenv(k, unset = NA)
      do.call(Sys.setenv, structure(list(as.character(after$env[[k]])), names = k))
    }
    code <- if (is.null(code)) "" else code$text
    options(error = on_error)
    err <<- interrupted <<- FALSE
    captured <<- character()
    p$last_cond <- NULL
    p$last_calls <- NULL
    p$done <- 0L
    p$syntax <- NULL
    p$rich_done <- FALSE
    p$rich_items <- list()  # an execution that failed keeps none of its displays
    p$rich_sent <- 0
    p$rich_nsent <- 0L
    t0 <<- cpu_s()
    pl <- plan(code)
    cur <<- list(seq = seq, stmts = pl$stmts, ends = pl$ends, nxt = 1L, incomplete = pl$incomplete,
                 lines = strsplit(sub("\n$", "", code), "\n", fixed = TRUE)[[1]], base = 0L)
    advance()
  }

  # The lines the last statement read through stdin() are skipped, as
  # Rscript's console has taken them; the rest of the code is parsed again.
  console_taken <- function() {
    con <- cur$con
    if (is.null(con)) return(invisible())
    cur$con <<- NULL
    left <- tryCatch(readLines(con, warn = FALSE), error = function(e) character())
    tryCatch(close(con), error = function(e) NULL)
    taken <- cur$con_n - length(left)
    if (taken <= 0L || err || interrupted) return(invisible())
    from <- cur$con_at + taken + 1L
    rest <- if (from <= length(cur$lines)) cur$lines[from:length(cur$lines)] else character()
    done <- p$done
    pl <- plan(paste(rest, collapse = "\n"))
    p$n_expr <- done + p$n_expr
    p$exprs <- NULL  # its lines are not the code's any more
    if (!is.null(p$syntax$line)) p$syntax$line <- p$syntax$line + from - 1L
    cur$stmts <<- pl$stmts
    cur$ends <<- pl$ends
    cur$nxt <<- 1L
    cur$base <<- from - 1L
    cur$incomplete <<- pl$incomplete
  }

  # Writes the next statement: FALSE when the execution is over.
  advance <- function() {
    console_taken()
    if (err || interrupted || cur$nxt > length(cur$stmts)) return(FALSE)
    i <- cur$nxt
    cur$nxt <<- i + 1L  # first: an interrupt here never writes it twice
    feed(cur$stmts[[i]])
    TRUE
  }

  # Reports the execution's end, then saves; an interrupt on the way (a
  # SIGINT that came just as it ended) makes it start again where it was.
  finish <- function() {
    if (!isTRUE(cur$done_sent)) report_end()
    seq <- cur$seq
    saved <- tryCatch(save_state(), error = function(e)
      sprintf("\"ms\":0,\"bytes\":0,\"unsaved\":%s", jarr(sprintf("the state (%s)", conditionMessage(e)))))
    send(sprintf("{\"saved\":%s,%s}", seq, saved))
    cur <<- NULL
  }
  report_end <- function() {
    if (!err && !interrupted && isTRUE(cur$incomplete)) {
      cat("Error: unexpected end of input\nExecution halted\n", file = stderr())
      err <<- TRUE
      p$last_cond <- simpleError("unexpected end of input")
    }
    if (err && !interrupted) {
      if (is.null(p$last_cond)) p$last_cond <- simpleError(geterrmessage())
      tryCatch(p$report_error(), error = function(e) NULL)
    } else if (!interrupted) {
      tryCatch(p$rich_exit(), error = function(e) NULL)
    }
    # The plots sent are not sent again.
    for (d in p$rich_devs) unlink(Sys.glob(sub("%03d", "*", d$pattern, fixed = TRUE)))
    p$rich_devs <- list()
    cpu <- cpu_s() - t0
    if (!is.null(cur$con)) tryCatch(close(cur$con), error = function(e) NULL)
    cur$con <<- NULL
    # The code's file("stdin") connections end with it, as with Rscript
    # (left to the garbage collector, they would warn in a later one).
    path <- getOption("sbx.stdin", "/dev/null")
    suppressWarnings(for (k in getAllConnections()[-(1:3)]) tryCatch({
      con <- getConnection(k)
      if (identical(summary(con)$description, path)) close(con)
    }, error = function(e) NULL))
    options(sbx.stdin = NULL, sbx.args = NULL)
    for (k in names(old_env))
      if (is.na(old_env[[k]])) Sys.unsetenv(k) else
        do.call(Sys.setenv, structure(list(old_env[[k]]), names = k))
    old_env <<- list()
    mark()
    rep <- if (length(captured)) jarr(captured[[length(captured)]]) else "[]"
    send(sprintf("{\"done\":%s,\"exit_code\":%d,\"report\":%s,\"interrupted\":%s,\"cpu_ms\":%s,\"maxrss_kb\":%.0f}",
                 cur$seq, if (err) 1L else 0L, rep, jbool(interrupted), p$num(1000 * cpu), maxrss_kb()))
    cur$done_sent <<- TRUE
  }

  # Between executions: the hello and restore once, then the next request.
  wait <- function() {
    repeat {
      line <- readLines(ctl_in, n = 1L, warn = FALSE, encoding = "UTF-8")
      if (!length(line)) quit(save = "no", status = 0)
      if (!started) {
        started <<- TRUE
        st <- field_string(line, "state")$text
        state <<- file.path(dirname(st), "state.rds")
        token <<- field_string(line, "token")$text
        # session exec --fresh: none of the earlier executions' state (sbx
        # writes the hello with jansson: the text cannot be inside a string).
        if (grepl("\"fresh\":true", line, fixed = TRUE)) unlink(state)
        r <- restore_state()
        mark()  # the restore's output ends here: sbx drops it, unseen
        send(sprintf("{\"ready\":true,\"restored\":%s,\"unsaved\":%s}", jbool(r$restored),
                     jarr(r$unsaved)))
        next
      }
      # A SIGINT meant for the last execution (sent as it ended) is taken
      # here, before this one starts: Sys.sleep looks at it.
      tryCatch(Sys.sleep(0), interrupt = function(c) NULL)
      if (begin(line)) return(invisible())
      finish()
    }
  }

  p$report <- function(text) captured <<- c(captured, text)
  # Each rich result as it is made, during an execution only.
  p$stream <- function(part)
    if (!is.null(cur) && !isTRUE(cur$done_sent))
      send(sprintf("{\"result\":%s,\"item\":%s}", cur$seq, p$esc(part)))
  p$kernel_step <- function(expr) {
    if (!identical(expr, sentinel)) return(FALSE)
    # A SIGINT while this runs: the execution's, when there is one.
    repeat if (tryCatch({
      if (!is.null(cur) && (isTRUE(cur$done_sent) || !advance())) finish()
      if (is.null(cur)) wait()
      TRUE
    }, interrupt = function(c) {
      if (!is.null(cur) && !isTRUE(cur$done_sent)) interrupted <<- TRUE
      FALSE
    })) break
    TRUE
  }
  writeBin(charToRaw(paste0(sentinel_text, "\n")), feed_con)
  flush(feed_con)
})
