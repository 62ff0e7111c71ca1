a = {1, 2, 3, 4}
b = {3, 4, 5}
print(a | b, a & b, a - b, a ^ b, a <= {1, 2, 3, 4, 5}, sorted(a | b, reverse=True))
d = {"b": 2, "a": 1}
d["c"] = 3
print(d, list(d), d.get("z", 0), d.pop("b"), d)
d.update(x=9)
print(sorted(d.items()), {k: v for k, v in d.items() if v > 1})
inv = {v: k for k, v in d.items()}
print(inv, len(inv), "a" in d, 1 in d)
frozen = frozenset([3, 1, 2])
print(frozen, {frozen: "key"}[frozenset([1, 2, 3])])
print(dict.fromkeys("abc", 0), dict(zip("xyz", range(3))))
