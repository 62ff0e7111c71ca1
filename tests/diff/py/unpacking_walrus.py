first, *middle, last = [1, 2, 3, 4, 5]
print(first, middle, last)
(a, b), c = (1, 2), 3
print(a, b, c)
data = [3, 8, 1, 9, 4]
if (n := len(data)) > 3:
    print(f"list has {n} items")
print([y for x in data if (y := x * 2) > 10])
def f(*args, **kwargs):
    return args, kwargs
print(f(1, 2, k=3), f(*[4, 5], **{"z": 6}))
merged = {**{"a": 1}, **{"b": 2, "a": 3}}
print(merged, {"x": 1} | {"y": 2}, [*range(3), *"ab"])
