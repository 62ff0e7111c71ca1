# Output floods on both streams: stdout first, then stderr.
# sbx-args: --max-output 16k -t 10
# sbx-expect: output_limit
s <- strrep("x", 4096)
for (i in 1:200) cat(s, "\n")
repeat message(s)
