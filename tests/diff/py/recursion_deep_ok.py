import sys
def depth_sum(n):
    return 0 if n == 0 else n + depth_sum(n - 1)
print(depth_sum(950))
sys.setrecursionlimit(5000)
print(depth_sum(4000))
