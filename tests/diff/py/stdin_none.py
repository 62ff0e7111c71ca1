# No stdin: every read sees end of file at once.
import sys

print(repr(sys.stdin.read()), repr(sys.stdin.readline()), repr(sys.stdin.buffer.read()))
try:
    input("name? ")
except EOFError as e:
    print("EOFError", repr(str(e)))
