# The text-mode result line carries no terminal control either.
# sbx-expect: ok
# sbx-want: BLOCKED
# sbx-text: clean
print("BLOCKED the result line is escaped JSON")
"\x1b[2J\x9b2J\x7f\x07"
