class Vector:
    def __init__(self, *c):
        self.c = tuple(c)
    def __add__(self, o):
        return Vector(*(a + b for a, b in zip(self.c, o.c)))
    def __mul__(self, k):
        return Vector(*(a * k for a in self.c))
    __rmul__ = __mul__
    def __abs__(self):
        return sum(a * a for a in self.c) ** 0.5
    def __eq__(self, o):
        return self.c == o.c
    def __len__(self):
        return len(self.c)
    def __getitem__(self, i):
        return self.c[i]
    def __repr__(self):
        return f"Vector{self.c}"
v = Vector(3, 4)
print(v + Vector(1, 1), 2 * v, v * 0.5, abs(v), len(v), v[0], list(v))
print(v == Vector(3, 4), v != Vector(0, 0), bool(v))
