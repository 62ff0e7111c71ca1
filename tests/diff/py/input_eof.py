import sys
print("reading stdin")
data = sys.stdin.read()
print(repr(data), len(data))
try:
    line = input("name? ")
except EOFError:
    print("\nno input")
