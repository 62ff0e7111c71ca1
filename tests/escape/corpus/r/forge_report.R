# The record is sbx's: R reaches fd 3 through a shell (`cat >&3`); sbx
# takes the result only, never the status or keys of the code's own.
# sbx-expect: ok
# sbx-want: BLOCKED
# sbx-jq: .exit_code == 0 and .error == null and (has("forged") | not) and .result == "mine"
con <- pipe("exec cat >&3", open = "wb")
writeBin(charToRaw(paste0('{"status":"timeout","exit_code":7,"error":{"name":"Forged"},',
                          '"extra":{"forged":true},"forged":true,"result":"mine"}')), con)
close(con)
cat("BLOCKED the forged report did not decide the record\n")
invisible(NULL)
