import sys
print("partial output")
print("warning: nothing to do", file=sys.stderr)
sys.exit(0)
