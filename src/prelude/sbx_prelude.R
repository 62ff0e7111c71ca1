# sbx prelude for R: runs the user's code like a notebook cell.
#
# Started as: Rscript --vanilla PRELUDE CODE_FILE INPUTS_FILE|-
# Each top-level expression is evaluated in the global environment with
# withVisible(); the last one's value, when visible, is the result. The result
# or an uncaught error goes to fd 3 as one JSON object (see src/sandbox.h).
# Base R only: jsonlite is not part of r-base-core.
local({
  args <- commandArgs(trailingOnly = TRUE)
  code_path <- args[[1]]
  inputs_path <- args[[2]]

  esc <- function(s) {
    s <- enc2utf8(as.character(s))
    s[is.na(s)] <- "NA"
    s <- gsub("\\", "\\\\", s, fixed = TRUE)
    s <- gsub("\"", "\\\"", s, fixed = TRUE)
    s <- gsub("\n", "\\n", s, fixed = TRUE)
    s <- gsub("\r", "\\r", s, fixed = TRUE)
    s <- gsub("\t", "\\t", s, fixed = TRUE)
    ctl <- grepl("[\001-\037]", s, useBytes = TRUE)
    if (any(ctl)) {
      s[ctl] <- vapply(s[ctl], function(x) {
        cp <- utf8ToInt(x)
        paste(vapply(cp, function(c) if (c < 32) sprintf("\\u%04x", c) else intToUtf8(c), ""),
              collapse = "")
      }, "")
    }
    paste0("\"", s, "\"")
  }
  str_form <- function(x) {
    out <- tryCatch(paste(deparse(x), collapse = "\n"), error = function(e) NULL)
    if (is.null(out)) out <- tryCatch(paste(format(x), collapse = "\n"), error = function(e) "<value>")
    esc(out)
  }
  scalar <- function(x, i) {
    v <- x[[i]]
    if (is.na(v) && !is.nan(v)) return("null")
    if (is.logical(v)) return(if (v) "true" else "false")
    if (is.numeric(v)) {
      if (!is.finite(v)) return(esc(format(v)))
      return(if (is.integer(v)) as.character(v) else format(v, digits = 15, scientific = FALSE, trim = TRUE))
    }
    esc(v)
  }
  to_json <- function(x, depth = 0) {
    if (depth > 100) return(str_form(x))
    if (is.null(x)) return("null")
    if (is.factor(x)) x <- as.character(x)
    if (is.data.frame(x)) {
      # Row-wise records, as most JSON consumers expect a table.
      rows <- vapply(seq_len(nrow(x)), function(i)
        to_json(lapply(as.list(x[i, , drop = FALSE]), function(col) col[[1]]), depth + 1), "")
      return(paste0("[", paste(rows, collapse = ","), "]"))
    }
    nm <- names(x)
    # Empty: {} for a named list, [] otherwise (never the invalid {"":}).
    if (length(x) == 0 && (is.list(x) || is.atomic(x)) && is.null(attr(x, "class")))
      return(if (!is.null(nm)) "{}" else "[]")
    if (is.atomic(x) && (is.logical(x) || is.numeric(x) || is.character(x)) && is.null(dim(x))) {
      if (length(x) == 1 && is.null(nm)) return(scalar(x, 1))
      items <- vapply(seq_along(x), function(i) scalar(x, i), "")
    } else if (is.list(x) && is.null(attr(x, "class"))) {
      items <- vapply(x, function(e) to_json(e, depth + 1), "")
    } else {
      return(str_form(x))
    }
    if (!is.null(nm) && all(nzchar(nm)))
      return(paste0("{", paste0(esc(nm), ":", items, collapse = ","), "}"))
    paste0("[", paste(items, collapse = ","), "]")
  }
  report <- function(text) {
    # fd 3 is the report pipe. R cannot write to an fd: /proc/self/fd
    # reopens it, unless the sandbox's uid may not (the pipe belongs to
    # sbx); then a shell, which inherits fd 3, carries it.
    con <- tryCatch(suppressWarnings(file("/proc/self/fd/3", open = "wb", raw = TRUE)),
                    error = function(e) NULL)
    if (is.null(con))
      con <- tryCatch(suppressWarnings(pipe("exec cat >&3", open = "wb")), error = function(e) NULL)
    if (is.null(con)) return(invisible())
    writeBin(charToRaw(enc2utf8(text)), con)
    close(con)
  }
  from_json <- function(text) {
    # inputs.json was written by sbx (jansson, compact): a tiny parser suffices.
    pos <- 1L
    chars <- strsplit(text, "")[[1]]
    n <- length(chars)
    ws <- function() while (pos <= n && chars[pos] %in% c(" ", "\n", "\t", "\r")) pos <<- pos + 1L
    val <- function() {
      ws()
      ch <- chars[pos]
      if (ch == "{") {
        pos <<- pos + 1L; out <- list(); ws()
        if (chars[pos] == "}") { pos <<- pos + 1L; return(setNames(list(), character())) }
        repeat {
          ws(); k <- val(); ws(); pos <<- pos + 1L  # ':'
          v <- val(); out[k] <- list(v); ws()
          if (chars[pos] == ",") pos <<- pos + 1L else { pos <<- pos + 1L; break }
        }
        return(out)
      }
      if (ch == "[") {
        pos <<- pos + 1L; out <- list(); ws()
        if (chars[pos] == "]") { pos <<- pos + 1L; return(out) }
        repeat {
          out[length(out) + 1L] <- list(val()); ws()
          if (chars[pos] == ",") pos <<- pos + 1L else { pos <<- pos + 1L; break }
        }
        return(out)
      }
      if (ch == "\"") {
        pos <<- pos + 1L; buf <- character()
        repeat {
          c <- chars[pos]
          if (c == "\"") { pos <<- pos + 1L; break }
          if (c == "\\") {
            e <- chars[pos + 1L]; pos <<- pos + 2L
            if (e == "u") {
              cp <- strtoi(paste(chars[pos:(pos + 3L)], collapse = ""), 16L); pos <<- pos + 4L
              if (cp >= 0xD800 && cp < 0xDC00 && chars[pos] == "\\") {
                lo <- strtoi(paste(chars[(pos + 2L):(pos + 5L)], collapse = ""), 16L); pos <<- pos + 6L
                cp <- 0x10000 + (cp - 0xD800) * 1024 + (lo - 0xDC00)
              }
              buf <- c(buf, intToUtf8(cp))
            } else {
              buf <- c(buf, switch(e, n = "\n", t = "\t", r = "\r", b = "\b", f = "\f", e))
            }
          } else { buf <- c(buf, c); pos <<- pos + 1L }
        }
        return(paste(buf, collapse = ""))
      }
      if (substr(text, pos, pos + 3L) == "true") { pos <<- pos + 4L; return(TRUE) }
      if (substr(text, pos, pos + 4L) == "false") { pos <<- pos + 5L; return(FALSE) }
      if (substr(text, pos, pos + 3L) == "null") { pos <<- pos + 4L; return(NULL) }
      start <- pos
      while (pos <= n && chars[pos] %in% c("-", "+", ".", "e", "E", as.character(0:9))) pos <<- pos + 1L
      as.numeric(substr(text, start, pos - 1L))
    }
    val()
  }

  fail <- function(cond, calls, status = NULL, line = NULL) {
    name <- class(cond)[[1]]
    msg <- conditionMessage(cond)
    if (is.null(line) && !is.null(cur_line)) line <- cur_line
    call <- conditionCall(cond)
    # stop() at top level names our eval() as the call: say nothing instead.
    if (!is.null(call) && identical(call[[1]], quote(eval))) call <- NULL
    head <- if (!is.null(call)) paste0("Error in ", paste(deparse(call), collapse = " "), " : ") else "Error: "
    trace <- character()
    for (i in seq_along(calls)) {
      txt <- paste(deparse(calls[[i]]), collapse = " ")
      if (nchar(txt) > 200) txt <- paste0(substr(txt, 1, 200), "...")
      trace <- c(trace, paste0(i, ": ", txt))
    }
    tb <- paste0(head, msg, "\n", if (length(trace)) paste0("Calls:\n", paste(trace, collapse = "\n"), "\n") else "")
    cat(tb, file = stderr())
    err <- paste0("{\"name\":", esc(name), ",\"message\":", esc(msg),
                  ",\"line\":", if (is.null(line)) "null" else line,
                  ",\"column\":null,\"traceback\":", esc(tb), "}")
    report(paste0("{\"error\":", err, if (!is.null(status)) ",\"status\":\"memory_limit\"" else "", "}"))
    quit(save = "no", status = 1, runLast = FALSE)
  }
  is_oom <- function(cond) grepl("cannot allocate", conditionMessage(cond), fixed = TRUE)

  cur_line <- NULL
  inputs <- if (identical(inputs_path, "-")) setNames(list(), character()) else
    from_json(paste(readLines(inputs_path, warn = FALSE, encoding = "UTF-8"), collapse = "\n"))
  assign("inputs", inputs, envir = globalenv())

  exprs <- tryCatch(parse(file = code_path, keep.source = TRUE, encoding = "UTF-8"),
    error = function(e) {
      m <- regmatches(conditionMessage(e), regexec("^[^:]*:([0-9]+):([0-9]+):", conditionMessage(e)))[[1]]
      line <- if (length(m) == 3) as.integer(m[[2]]) else NULL
      col <- if (length(m) == 3) as.integer(m[[3]]) else NULL
      full <- sub("^[^:]*:([0-9]+:[0-9]+: )", "<code>:\\1", conditionMessage(e))
      msg <- sub("\n.*", "", sub("^[^:]*:[0-9]+:[0-9]+: ", "", conditionMessage(e)))
      cat("Error: ", full, "\n", file = stderr(), sep = "")
      report(paste0("{\"error\":{\"name\":\"SyntaxError\",\"message\":", esc(msg),
                    ",\"line\":", if (is.null(line)) "null" else line,
                    ",\"column\":", if (is.null(col)) "null" else col,
                    ",\"traceback\":", esc(full), "}}"))
      quit(save = "no", status = 1, runLast = FALSE)
    })
  srcrefs <- attr(exprs, "srcref")
  last <- NULL
  for (i in seq_along(exprs)) {
    cur_line <- if (!is.null(srcrefs)) srcrefs[[i]][[1]] else NULL
    last <- withCallingHandlers(
      withVisible(eval(exprs[[i]], envir = globalenv())),
      error = function(e) {
        calls <- sys.calls()
        # Drop the prelude's frames: keep what ran below eval() of the user's
        # expression, and the handler machinery above the error.
        top <- max(c(0L, which(vapply(calls, function(cl) identical(cl[[1]], quote(eval)), TRUE))))
        calls <- calls[seq_len(length(calls))[seq_along(calls) > top]]
        called <- function(names) which(vapply(calls, function(cl) {
          f <- cl[[1]]
          is.name(f) && as.character(f) %in% names
        }, TRUE))
        hc <- called(c(".handleSimpleError", "h", ".signalSimpleWarning"))
        if (length(hc)) calls <- calls[seq_len(min(hc) - 1L)]
        # The line is where the error was raised (stop() included, as
        # Python's is); the listing leaves stop() out, as R's own does.
        line <- NULL
        for (cl in rev(calls)) {
          sr <- attr(cl, "srcref")
          if (!is.null(sr)) { line <- sr[[1]]; break }
        }
        sc <- called("stop")
        if (length(sc)) calls <- calls[seq_len(min(sc) - 1L)]
        fail(e, calls, if (is_oom(e)) "memory_limit" else NULL, line)
      })
  }
  if (!is.null(last) && last$visible && !is.null(last$value)) {
    report(paste0("{\"result\":", to_json(last$value), "}"))
  }
  invisible()
})
