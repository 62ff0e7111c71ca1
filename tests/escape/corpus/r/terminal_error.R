# Terminal escapes in an error message must not rewrite sbx's own line.
# sbx-expect: error
# sbx-want: BLOCKED
# sbx-text: clean
cat("BLOCKED sbx escapes what it prints of the error\n")
stop(paste0("\033]0;owned\007\033[2K\rsbx: ok: all good", "\u009b2J"))
