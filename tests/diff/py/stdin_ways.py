# Every way a Python program reads its standard input, in order: a line,
# input(), the binary buffer, the rest as text, then fd 0 again (at EOF).
import sys

print(repr(sys.stdin.readline()))
print(repr(input("prompt> ")))
print(repr(sys.stdin.buffer.read(4)))
rest = sys.stdin.read()
print(len(rest.splitlines()), repr(rest[:20]))
print(repr(open(0, closefd=False).read()))
try:
    input()
except EOFError:
    print("EOF")
