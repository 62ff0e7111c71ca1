import sys
for i in range(5):
    print(f"out {i}")
    print(f"err {i}", file=sys.stderr)
print("flushing", flush=True)
sys.stderr.write("raw stderr\n")
sys.stdout.write("raw stdout\n")
