# Terminal escapes in an exception message must not rewrite sbx's own
# "sbx: error:" line in text mode (the code's own stderr stays as written).
# sbx-expect: error
# sbx-want: BLOCKED
# sbx-text: clean
# sbx-jq: .error.message | contains("\u001b]0;owned")
print("BLOCKED sbx escapes what it prints of the error")
raise ValueError("\x1b]0;owned\x07\x1b[2K\rsbx: ok: all good\x9b2J\x7f\nsecond line")
