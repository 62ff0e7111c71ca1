# Stack: unbounded recursion with the recursion limit lifted.
# sbx-args: -m 64M -t 1
# sbx-expect: memory_limit|timeout|signaled|error
import sys
sys.setrecursionlimit(1 << 30)
def f(n):
    return f(n + 1) + 1
f(0)
