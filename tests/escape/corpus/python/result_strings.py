# Every valid string survives the report, U+0000 included.
# sbx-expect: ok
# sbx-want: BLOCKED
# sbx-jq: .result == ["a\u0000b", "\u2028", "\ud83d\ude00", "\u007f\u0085", "\u001b[2J"]
print("BLOCKED nothing: the result is kept as it is")
["a\x00b", "\u2028", "\U0001F600", "\x7f\x85", "\x1b[2J"]
