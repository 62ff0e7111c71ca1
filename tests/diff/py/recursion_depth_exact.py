# The usable recursion depth is python3's, in a run and in a session (the
# limit set first: a session keeps an earlier program's)
import sys

sys.setrecursionlimit(1000)


def depth(n=1):
    try:
        return depth(n + 1)
    except RecursionError:
        return n


print(sys.getrecursionlimit(), depth())
