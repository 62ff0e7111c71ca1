# sbx prelude for R: the code runs in Rscript's own top-level loop, so it
# prints exactly what Rscript prints (auto-printed values, warnings after
# each top-level call, errors and "Execution halted"), and like a notebook
# cell its last top-level value, when visible, is the result.
# Started as: Rscript --no-save --no-restore --no-site-file --no-environ CODE
# with R_PROFILE_USER naming this file: R sources it before the code. It
# leaves nothing in the global environment but `inputs`; a task callback
# sees each top-level value, an error handler reports uncaught errors. The
# result or error goes to fd 3 as one JSON object (src/sandbox/sandbox.h),
# in base R only (jsonlite is not part of r-base-core).
local({
  # What R loads after this file, before the code, loads before the gate (in
  # the sandbox's setup; a warm sandbox's before its request, ~75 ms): the
  # default packages as .First.sys attaches them (its calls and order: search()
  # is Rscript's), and the JIT's compiler as R does unless R_ENABLE_JIT is 0.
  for (pkg in getOption("defaultPackages"))
    suppressWarnings(require(pkg, quietly = TRUE, warn.conflicts = FALSE, character.only = TRUE))
  if (isTRUE(suppressWarnings(as.integer(Sys.getenv("R_ENABLE_JIT", "3"))) != 0L)) loadNamespace("compiler")
  # The gate (fd 4, see SANDBOX_GATE_FD): sbx writes one byte once every
  # sandbox layer is in place; R starts meanwhile (the cgroup's join, an
  # RCU grace period, took ~10 ms before R could start). No code runs
  # before it: EOF or an error instead of the byte means sbx said no. R
  # cannot read an fd: /proc/self/fd reopens it, else a shell reads it.
  gate <- tryCatch(suppressWarnings(file("/proc/self/fd/4", open = "rb", raw = TRUE)),
                   error = function(e) NULL)
  if (is.null(gate))
    gate <- tryCatch(suppressWarnings(pipe("exec head -c 1 <&4", open = "rb")),
                     error = function(e) NULL)
  go <- if (is.null(gate)) raw(0) else tryCatch(readBin(gate, "raw", 1L), error = function(e) raw(0))
  if (!is.null(gate)) close(gate)
  if (!identical(go, charToRaw("g"))) quit(save = "no", status = 125, runLast = FALSE)
  rm(gate, go)
  prof <- Sys.getenv("R_PROFILE_USER")
  # A session's kernel (sbx_kernel.R, run after this file) feeds the code
  # itself, one execution after another: no program file to read here.
  kernel <- nzchar(Sys.getenv("SBX_KERNEL"))
  Sys.unsetenv("SBX_KERNEL")
  kernel_step <- NULL  # the kernel's: sees every top-level expression first
  Sys.unsetenv("R_PROFILE_USER")  # Rscript's own environment, as natively
  inputs_path <- file.path(dirname(prof), "inputs.json")
  code_path <- sub("^--file=", "", grep("^--file=", commandArgs(), value = TRUE)[1])

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
  # Doubles in the shortest form that reads back as the same double (15
  # digits are not always enough: 0.1 + 0.2 needs 17).
  num <- function(v) {
    out <- sprintf("%.15g", v)
    for (d in c(16L, 17L)) {
      bad <- as.numeric(out) != v
      if (!any(bad)) break
      out[bad] <- sprintf(paste0("%.", d, "g"), v[bad])
    }
    out
  }
  scalars <- function(x) {
    # A classed vector (roman, hexmode, octmode...) as its plain values: its
    # class's as.character gives text ("MDCLXVI"), not a JSON number.
    if (is.object(x)) x <- unclass(x)
    n <- length(x)
    out <- character(n)
    na <- is.na(x)
    if (is.logical(x)) {
      out <- ifelse(x, "true", "false")
    } else if (is.integer(x)) {
      out <- as.character(x)
    } else if (is.numeric(x)) {
      fin <- is.finite(x)
      out[fin] <- num(x[fin])
      out[!fin] <- esc(format(x[!fin]))  # "Inf", "-Inf", "NaN"
      na <- na & !is.nan(x)
    } else {
      out <- esc(x)
    }
    out[na] <- "null"
    out
  }
  iso <- function(x) {
    if (inherits(x, "Date")) return(format(x, "%Y-%m-%d"))
    format(x, "%Y-%m-%dT%H:%M:%OSZ", tz = "UTC")
  }
  # The result's JSON is bounded (README "Rich results"): json_take counts
  # what is rendered against json_left and, past it, signals sbx_over (a
  # condition, not an error: the code's error handlers never see it) with
  # how far rendering got; a container looks at no more items than can fit.
  json_left <- Inf
  json_budget <- Inf
  json_take <- function(n) {
    json_left <<- json_left - n
    if (json_left < 0)
      signalCondition(structure(class = c("sbx_over", "condition"),
                                list(message = "", call = NULL, bytes = json_budget - json_left)))
  }
  # At most the first n items of a container whose items take each bytes
  # or more: the rest could not fit.
  json_fit <- function(n, each = 2) {
    if (is.infinite(json_left)) return(n)
    min(n, floor(json_left / each) + 1)
  }
  to_json <- function(x, depth = 0) {
    if (depth > 100) return(str_form(x))
    if (is.null(x)) return("null")
    if (is.factor(x)) x <- as.character(x)
    if (inherits(x, c("Date", "POSIXct", "POSIXlt"))) {
      nm <- names(x)
      v <- ifelse(is.na(x), NA_character_, iso(x))
      x <- if (inherits(x, "POSIXlt")) v else structure(v, names = nm)
    }
    if (is.data.frame(x)) {
      # A list of records; row names are a "_row" field when they are not
      # the default 1..n. Only the rows that can fit are rendered.
      named <- .row_names_info(x) > 0
      keys <- esc(names(x))
      k <- json_fit(nrow(x), 2 + sum(nchar(keys, type = "bytes") + 2) + if (named) 9 else 0)
      if (k < nrow(x)) x <- x[seq_len(k), , drop = FALSE]
      if (!is.infinite(json_left) && k > 2000L) {
        # In chunks of growing size: rendering stops soon after the budget.
        out <- character()
        from <- 1L
        size <- 1000L
        while (from <= k) {
          to <- min(k, from + size - 1L)
          part <- to_json(x[from:to, , drop = FALSE], depth)
          out <- c(out, substr(part, 2L, nchar(part) - 1L))
          from <- to + 1L
          size <- size * 2L
        }
        return(paste0("[", paste(out, collapse = ","), "]"))
      }
      cols <- lapply(x, function(col) {
        if (is.list(col)) vapply(col, to_json, "", depth = depth + 2) else {
          if (is.factor(col)) col <- as.character(col)
          if (inherits(col, c("Date", "POSIXct", "POSIXlt"))) col <- ifelse(is.na(col), NA, iso(col))
          scalars(col)
        }
      })
      if (named) {
        cols <- c(list(esc(row.names(x))), cols)
        keys <- c("\"_row\"", keys)
      }
      # Column by column, vectorized: a row at a time costs seconds for
      # a frame of 10^5 rows.
      fields <- Map(function(key, col) paste0(key, ":", col), keys, cols)
      rows <- if (length(fields)) paste0("{", do.call(paste, c(unname(fields), sep = ",")), "}") else
        rep("{}", nrow(x))
      json_take(sum(nchar(rows, type = "bytes")) + length(rows) + 1)
      return(paste0("[", paste(rows, collapse = ","), "]"))
    }
    if (is.matrix(x) && is.atomic(x) && is.null(attr(x, "class", exact = TRUE))) {
      rows <- vapply(seq_len(json_fit(nrow(x), 2 * ncol(x) + 1)),
                     function(i) to_json(unname(x[i, ]), depth + 1), "")
      return(paste0("[", paste(rows, collapse = ","), "]"))
    }
    nm <- names(x)
    # Empty: {} for a named list, [] otherwise (never the invalid {"":}).
    if (length(x) == 0 && (is.list(x) || is.atomic(x)) && is.null(attr(x, "class")))
      return(if (!is.null(nm)) "{}" else "[]")
    if (is.atomic(x) && (is.logical(x) || is.numeric(x) || is.character(x)) && is.null(dim(x))) {
      k <- json_fit(length(x))
      if (k < length(x)) {
        x <- x[seq_len(k)]
        nm <- names(x)
      }
      items <- scalars(x)
      json_take(sum(nchar(items, type = "bytes")) + length(items))
      if (length(x) == 1 && is.null(nm)) return(items)
    } else if (is.list(x) && is.null(attr(x, "class"))) {
      k <- json_fit(length(x))
      if (k < length(x)) {
        x <- x[seq_len(k)]
        nm <- names(x)
      }
      items <- vapply(x, function(e) to_json(e, depth + 1), "")
      json_take(length(items))
    } else {
      out <- str_form(x)
      json_take(nchar(out, type = "bytes"))
      return(out)
    }
    if (!is.null(nm)) json_take(sum(nchar(nm, type = "bytes")) + 3 * length(nm))
    if (!is.null(nm) && all(nzchar(nm)))
      return(paste0("{", paste0(esc(nm), ":", items, collapse = ","), "}"))
    paste0("[", paste(items, collapse = ","), "]")
  }
  report_con <- NULL  # kept open between streamed results (rich_stream)
  report <- function(text, keep = FALSE) {
    # fd 3 is the report pipe. R cannot write to an fd: /proc/self/fd
    # reopens it, unless the sandbox's uid may not (the pipe belongs to
    # sbx); then a shell, which inherits fd 3, carries it. keep: the
    # connection stays open for the next (a streamed result: a shell per
    # result would cost ~25 ms each); what comes last closes it, so all
    # of it goes through the one connection, in order.
    raw <- charToRaw(enc2utf8(text))
    con <- report_con
    report_con <<- NULL
    if (is.null(con) || !isTRUE(tryCatch({ writeBin(raw, con); TRUE }, error = function(e) FALSE))) {
      con <- tryCatch(suppressWarnings(file("/proc/self/fd/3", open = "wb", raw = TRUE)),
                      error = function(e) NULL)
      if (is.null(con))
        con <- tryCatch(suppressWarnings(pipe("exec cat >&3", open = "wb")), error = function(e) NULL)
      if (is.null(con)) return(invisible())
      writeBin(raw, con)
    }
    if (keep) {
      tryCatch(flush(con), error = function(e) NULL)
      report_con <<- con
    } else {
      tryCatch(close(con), error = function(e) NULL)
    }
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
        if (chars[pos] == "}") { pos <<- pos + 1L; return(structure(list(), names = character())) }
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

  inputs_text <- tryCatch(paste(readLines(inputs_path, warn = FALSE, encoding = "UTF-8"),
                                collapse = "\n"), error = function(e) "{}")
  inputs <- if (inputs_text == "{}") structure(list(), names = character()) else from_json(inputs_text)
  assign("inputs", inputs, envir = globalenv())

  # The program as R will read it, for the number of top-level expressions
  # (the last one's value is the result), their lines, and a syntax error's
  # place (Rscript reports it only when it gets there).
  exprs <- if (kernel) NULL else tryCatch(parse(code_path, keep.source = TRUE, encoding = "UTF-8"),
                    error = function(e) e)
  syntax <- NULL
  if (inherits(exprs, "error")) {
    m <- regmatches(conditionMessage(exprs),
                    regexec("^[^:]*:([0-9]+):([0-9]+): ([^\n]*)", conditionMessage(exprs)))[[1]]
    syntax <- if (length(m) == 4) list(line = as.integer(m[[2]]), column = as.integer(m[[3]]),
                                       message = m[[4]]) else list(line = NULL, column = NULL,
                                                                     message = conditionMessage(exprs))
    exprs <- NULL
  }
  n_expr <- length(exprs)
  done <- 0L
  last_cond <- NULL
  last_calls <- NULL

  # Where an error was raised: the innermost call of the program's that
  # can be found in its source (Rscript keeps no source references).
  error_line <- function(cond, calls) {
    cands <- rev(calls)
    if (!is.null(conditionCall(cond))) cands <- c(cands, list(conditionCall(cond)))
    if (length(cands) && !is.null(exprs)) {
      pd <- tryCatch(utils::getParseData(exprs), error = function(e) NULL)
      if (!is.null(pd) && nrow(pd)) {
        ids <- pd$id[pd$token == "expr"]
        txt <- utils::getParseText(pd, ids)
        norm <- function(cl) paste(deparse(cl, width.cutoff = 500L), collapse = " ")
        for (cl in cands) {
          if (!is.call(cl)) next
          target <- norm(cl)
          head <- if (is.name(cl[[1]])) as.character(cl[[1]]) else ""
          for (k in which(grepl(head, txt, fixed = TRUE))) {
            p <- tryCatch(str2lang(txt[[k]]), error = function(e) NULL)
            if (!is.null(p) && identical(norm(p), target)) return(pd$line1[pd$id == ids[[k]]])
          }
        }
      }
    }
    # Else the top-level expression that failed.
    if (!is.null(exprs) && done < n_expr) {
      sr <- attr(exprs, "srcref")[[done + 1L]]
      if (!is.null(sr)) return(sr[[1]])
    }
    NULL
  }

  # sbx's own work after each top-level call warns nothing: a warning here
  # is the garbage collector closing a connection the code left unclosed,
  # which Rscript, without this work, would not have run into (warn < 0:
  # a finalizer runs without the handlers suppressWarnings sets).
  #
  # sbx's own functions run with R's JIT compiler off (no_jit): R
  # byte-compiles a closure on its first or second call, and compiling the
  # callback, rich_end and report_error cost every run ~35 ms of CPU
  # (Rscript itself takes ~80). The code's own functions are compiled as
  # under Rscript: the level is the code's again when sbx's work is done.
  # The wrappers are small, so R never compiles them either.
  no_jit <- function(f) function(...) {
    jit <- .Internal(enableJIT(0L))
    on.exit(.Internal(enableJIT(jit)))
    f(...)
  }
  invisible(addTaskCallback(no_jit(function(expr, value, ok, visible) {
    ow <- options(warn = -1)
    on.exit(options(ow))
    if (!is.null(kernel_step) && kernel_step(expr)) return(TRUE)
    done <<- done + 1L
    last_cond <<- NULL
    js <- over <- NULL
    if (done == n_expr && visible && !is.null(value)) {
      # Bounded by the budget (see json_take): one over it is left out and
      # named, never an error.
      json_left <<- json_budget <<- rich_max
      js <- tryCatch(to_json(value), sbx_over = function(c) {
        over <<- c$bytes
        NULL
      }, error = function(e) str_form(value))
      json_left <<- json_budget <<- Inf
    }
    rich <- if (done == n_expr) rich_end(if (visible) value, over) else ""  # sbx: rich results
    if (!is.null(js)) {
      report(paste0("{\"result\":", js, rich, "}"))
    } else if (nzchar(rich)) report(paste0("{", substring(rich, 2), "}"))  # sbx: rich results
    TRUE
  }), name = "sbx"))

  # Sees an uncaught error while its frames are still there (no exiting
  # handler caught it); changes nothing of what R does with it.
  globalCallingHandlers(error = function(e) {
    # Out of C stack there is no room to walk the calls: keep the condition
    # only, or this handler fails too and R ends the script with status 0.
    last_cond <<- e
    last_calls <<- list()
    if (grepl("C stack", conditionMessage(e), fixed = TRUE)) return()
    calls <- sys.calls()
    calls <- calls[-length(calls)]  # this handler
    cut <- which(vapply(calls, function(cl) {
      f <- cl[[1]]
      is.name(f) && as.character(f) %in% c(".handleSimpleError", ".signalSimpleWarning")
    }, TRUE))
    if (length(cut)) calls <- calls[seq_len(min(cut) - 1L)]
    last_cond <<- e
    last_calls <<- calls
  })

  # An uncaught error ends the script as Rscript ends it: R prints it,
  # prints "Execution halted" and exits 1 by itself. No options(error)
  # handler: one that fails (out of C stack it must) makes R go on to the
  # next expression and end with status 0. The details are reported from
  # an exit finalizer, which R runs on every way out after the code, with
  # the stack unwound.
  report_error <- function(...) {
    cond <- last_cond
    if (is.null(cond)) return(rich_exit())  # sbx: rich results (quit() before the end)
    text <- geterrmessage()
    status <- NULL
    if (!is.null(syntax) && is.null(conditionCall(cond)) && !length(last_calls)) {
      err <- paste0("{\"name\":\"SyntaxError\",\"message\":", esc(syntax$message),
                    ",\"line\":", if (is.null(syntax$line)) "null" else syntax$line,
                    ",\"column\":", if (is.null(syntax$column)) "null" else syntax$column)
    } else {
      name <- class(cond)[[1]]
      msg <- conditionMessage(cond)
      line <- tryCatch(error_line(cond, last_calls), error = function(e) NULL)
      if (grepl("cannot allocate", msg, fixed = TRUE)) status <- "memory_limit"
      err <- paste0("{\"name\":", esc(name), ",\"message\":", esc(msg),
                    ",\"line\":", if (is.null(line)) "null" else line, ",\"column\":null")
    }
    report(paste0("{\"error\":", err, ",\"traceback\":", esc(text), "}",
                  if (!is.null(status)) ",\"status\":\"memory_limit\"" else rich_end(NULL), "}"))
  }
  if (!kernel) invisible(reg.finalizer(environment(), no_jit(report_error), onexit = TRUE))

  # ---- Rich results (README "Rich results"): plots and tables as MIME
  # bundles in the report's "results". R's default device, opened when the
  # code first plots, is a PNG device in R's session temporary directory
  # (one file per page) instead of Rplots.pdf in the working directory; a
  # device the code opens itself (pdf(), png(file)) is its own. What sbx is
  # sent is bounded by SBX_RESULTS_MAX (the output limit): entries past it
  # go as {"truncated": true, "bytes": N}.
  rich_max <- suppressWarnings(as.numeric(Sys.getenv("SBX_RESULTS_MAX", "1048576")))
  Sys.unsetenv("SBX_RESULTS_MAX")  # the code's environment, as natively
  if (is.na(rich_max)) rich_max <- 1048576
  rich_devs <- list()  # list(id, pattern, k, shown) of each device opened for the code
  rich_items <- list()  # what display() added, in order (as rich_end's items)
  rich_done <- FALSE
  options(device = function(...) {
    k <- length(rich_devs) + 1L
    pat <- file.path(tempdir(), sprintf("sbx-plot-%d-%%03d.png", k))
    grDevices::png(pat)
    rich_devs[[k]] <<- list(id = grDevices::dev.cur(), pattern = pat, k = k, shown = FALSE)
  })
  # The pages of sbx's plot devices not shown yet, as items: each device
  # still open is closed first (its last page written).
  rich_pages <- function() {
    items <- list()
    for (i in seq_along(rich_devs)) {
      d <- rich_devs[[i]]
      if (isTRUE(d$shown)) next
      if (d$id %in% grDevices::dev.list() && names(grDevices::dev.list())[grDevices::dev.list() == d$id] == "png")
        tryCatch(grDevices::dev.off(d$id), error = function(e) NULL)
      rich_devs[[i]]$shown <<- TRUE
      pages <- sort(list.files(dirname(d$pattern), pattern = sprintf("^sbx-plot-%d-[0-9]+[.]png$", d$k),
                               full.names = TRUE))
      for (f in pages) items[[length(items) + 1L]] <- list(mime = "image/png", file = f)
    }
    items
  }
  b64 <- function(r) {
    tbl <- strsplit("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", "")[[1]]
    n <- length(r)
    if (!n) return("")
    pad <- (3L - n %% 3L) %% 3L
    m <- matrix(as.integer(c(r, as.raw(rep(0L, pad)))), nrow = 3L)
    x <- m[1L, ] * 65536 + m[2L, ] * 256 + m[3L, ]
    s <- tbl[rbind(x %/% 262144, (x %/% 4096) %% 64, (x %/% 64) %% 64, x %% 64) + 1]
    if (pad) s[(length(s) - pad + 1L):length(s)] <- "="
    paste(s, collapse = "")
  }
  html_esc <- function(s) {
    s <- gsub("&", "&amp;", s, fixed = TRUE)
    s <- gsub("<", "&lt;", s, fixed = TRUE)
    gsub(">", "&gt;", s, fixed = TRUE)
  }
  df_html <- function(x) {
    n <- min(nrow(x), 1000L)  # as a notebook shows a long table: its head
    cells <- as.matrix(format(x[seq_len(n), , drop = FALSE]))
    head <- paste0("<tr><th></th>", paste0("<th>", html_esc(names(x)), "</th>", collapse = ""), "</tr>")
    rows <- vapply(seq_len(n), function(i)
      paste0("<tr><th>", html_esc(row.names(x)[i]), "</th>",
             paste0("<td>", html_esc(cells[i, ]), "</td>", collapse = ""), "</tr>"), "")
    paste0("<table class=\"dataframe\">\n<thead>", head, "</thead>\n<tbody>\n",
           paste(rows, collapse = "\n"), "\n</tbody>\n</table>",
           if (nrow(x) > n) sprintf("\n<p>%d rows</p>", nrow(x)) else "")
  }
  # R's own bounded print of a value: at most max entries (a data frame's
  # first rows, as a notebook shows it), so printing never costs more than
  # that however long the value.
  short_print <- function(value, max) {
    out <- utils::capture.output(print(value, max = max))
    paste(utils::head(out, 200L), collapse = "\n")
  }
  # One item's JSON in the report's "results", given the data bytes used
  # before it: list(part, used). Past the budget, or left out where it was
  # made (over), it is named with its size instead.
  rich_part <- function(it, used) {
    size <- if (!is.null(it$over)) it$over else if (!is.null(it$file)) file.size(it$file) else
      nchar(it$data, type = "bytes")
    n <- if (!is.null(it$file)) ceiling(size / 3) * 4 else size
    if (!is.null(it$over) || used + n > rich_max)
      return(list(part = sprintf("{\"mime\":%s,\"data\":\"\",\"truncated\":true,\"bytes\":%.0f}",
                                 esc(it$mime), size), used = used))
    data <- if (is.null(it$file)) it$data else if (!is.null(it$b64)) it$b64 else
      b64(readBin(it$file, "raw", size))
    list(part = paste0("{\"mime\":", esc(it$mime), ",\"data\":", esc(data), "}"), used = used + n,
         b64 = if (!is.null(it$file)) data)
  }
  # Each result leaves as it is made (README "Streamed results"): a frame
  # on fd 3 ahead of the report, which still holds them all, under the same
  # budget and count. A session's kernel sends them to sbx through stream.
  rich_sent <- 0
  rich_nsent <- 0L
  stream <- NULL
  # Returns items, a plot's PNG kept as sent (base64), not read again.
  rich_stream <- function(items) {
    for (i in seq_along(items)) {
      if (rich_nsent >= 100L) break
      rich_nsent <<- rich_nsent + 1L
      p <- rich_part(items[[i]], rich_sent)
      rich_sent <<- p$used
      if (!is.null(p$b64)) items[[i]]$b64 <- p$b64
      if (!kernel) report(paste0("\036", p$part, "\n"), keep = TRUE)
      else if (is.function(stream)) stream(p$part)
    }
    items
  }
  # Items: list(mime, data, bytes, b64): data NULL when over the budget.
  # over: the bytes the result's JSON reached when it was left out.
  rich_end <- function(value, over = NULL) {
    if (rich_done) return("")
    rich_done <<- TRUE
    n_streamed <- length(rich_items)
    items <- c(rich_items, rich_pages())
    rich_items <<- list()
    if (is.data.frame(value)) {
      html <- tryCatch(df_html(value), error = function(e) NULL)
      txt <- tryCatch(short_print(value, 60L * max(1L, ncol(value))), error = function(e) NULL)
      if (!is.null(html)) items[[length(items) + 1L]] <- list(mime = "text/html", data = html)
      if (!is.null(txt)) items[[length(items) + 1L]] <- list(mime = "text/plain", data = txt)
    } else if (!is.null(over)) {
      txt <- tryCatch(short_print(value, 100L), error = function(e) NULL)
      if (!is.null(txt)) items[[length(items) + 1L]] <- list(mime = "text/plain", data = txt)
    }
    if (!is.null(over)) items[[length(items) + 1L]] <- list(mime = "application/json", over = over)
    if (!length(items)) return("")
    if (length(items) > n_streamed)
      items[(n_streamed + 1L):length(items)] <- rich_stream(items[(n_streamed + 1L):length(items)])
    used <- 0
    parts <- character()
    for (it in utils::head(items, 100L)) {
      p <- rich_part(it, used)
      used <- p$used
      parts <- c(parts, p$part)
    }
    paste0(",\"results\":[", paste(parts, collapse = ","), "]")
  }
  # display(x, ...), as a notebook's (Python's display(), IRdisplay's):
  # each value's forms become results where the code calls it, after the
  # plots drawn before it (sbx's plot device is closed for that: the next
  # plot starts a new page). A data.frame gives text/html and text/plain,
  # a ggplot or recordedplot its PNG, raw = TRUE takes a named list or
  # character vector of MIME types to data, anything else its printed
  # text/plain. Not in the global environment: in Autoloads', so that
  # ls() and the saved state are the code's own.
  display <- function(..., raw = FALSE) {
    items <- rich_pages()
    for (x in list(...)) {
      if (isTRUE(raw)) {
        for (m in names(x)) items[[length(items) + 1L]] <- list(mime = m, data = paste(as.character(x[[m]]), collapse = "\n"))
      } else if (is.data.frame(x)) {
        items[[length(items) + 1L]] <- list(mime = "text/html", data = df_html(x))
        items[[length(items) + 1L]] <- list(mime = "text/plain", data = short_print(x, 60L * max(1L, ncol(x))))
      } else if (inherits(x, "ggplot") || inherits(x, "recordedplot")) {
        getOption("device")()
        print(x)
        items <- c(items, rich_pages())
      } else {
        items[[length(items) + 1L]] <- list(mime = "text/plain", data = short_print(x, 100L))
      }
    }
    rich_items <<- c(rich_items, rich_stream(items))
    invisible()
  }
  assign("display", display, envir = as.environment("Autoloads"))
  rich_exit <- function() {
    rich <- rich_end(NULL)
    if (nzchar(rich)) report(paste0("{", substring(rich, 2), "}"))
    invisible()
  }
  # The kernel takes this environment (and removes the option).
  if (kernel) options(sbx.kernel = environment())
})
