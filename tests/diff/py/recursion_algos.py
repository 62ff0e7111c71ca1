def hanoi(n, src="A", dst="C", via="B", moves=None):
    moves = [] if moves is None else moves
    if n:
        hanoi(n - 1, src, via, dst, moves)
        moves.append(f"{src}->{dst}")
        hanoi(n - 1, via, dst, src, moves)
    return moves
print(hanoi(3), len(hanoi(10)))
def flatten(x):
    return [y for i in x for y in flatten(i)] if isinstance(x, list) else [x]
print(flatten([1, [2, [3, [4, [5]]]], 6]))
def permutations(s):
    return [s] if len(s) <= 1 else [c + p for i, c in enumerate(s) for p in permutations(s[:i] + s[i + 1:])]
print(permutations("abc"))
def binsearch(xs, t, lo=0, hi=None):
    hi = len(xs) - 1 if hi is None else hi
    if lo > hi:
        return -1
    mid = (lo + hi) // 2
    return mid if xs[mid] == t else binsearch(xs, t, mid + 1, hi) if xs[mid] < t else binsearch(xs, t, lo, mid - 1)
print([binsearch(list(range(0, 100, 3)), t) for t in (0, 42, 99, 50)])
