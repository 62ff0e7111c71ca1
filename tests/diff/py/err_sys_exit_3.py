import sys
print("processing")
errors = ["line 3: bad value", "line 9: missing field"]
for e in errors:
    print(e, file=sys.stderr)
sys.exit(3)
