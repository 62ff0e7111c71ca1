import sys
for i in range(3):
    print(f"out {i}", flush=True)
    print(f"err {i}", file=sys.stderr, flush=True)
print("end")
raise RuntimeError("after interleaved output")
