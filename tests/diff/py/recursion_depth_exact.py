# The usable recursion depth is python3's, in a run and in a session
import sys
def depth(n=1):
    try:
        return depth(n + 1)
    except RecursionError:
        return n
print(sys.getrecursionlimit(), depth())
