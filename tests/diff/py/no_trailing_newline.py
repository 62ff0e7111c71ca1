import sys
print("a", end="")
print("b", end="")
sys.stdout.write("c")
