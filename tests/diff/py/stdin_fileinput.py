# fileinput with no arguments reads stdin; sys.stdin's lines with numbers.
import fileinput

total = 0
for line in fileinput.input():
    n = fileinput.lineno()
    total += len(line)
    print(n, line.rstrip("\n").upper())
print("bytes", total, "isstdin", fileinput.isstdin() if False else "n/a")
