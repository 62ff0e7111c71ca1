# Timing: ignore interrupts and sleep in small steps past the deadline.
# sbx-args: -t 500ms
# sbx-expect: timeout
repeat tryCatch(Sys.sleep(0.01), interrupt = function(e) NULL)
