def is_sorted(xs):
    return all(a <= b for a, b in zip(xs, xs[1:]))

assert is_sorted([1, 2, 3])
print("first check passed")
assert is_sorted([3, 1, 2]), "list is not sorted"
