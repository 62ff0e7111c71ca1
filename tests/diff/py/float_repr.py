import math
vals = [0.1, 0.1 + 0.2, 1 / 3, 2 / 3, 1e22, 1e-7, 123456789.123456789, math.pi, math.e, 2 ** 0.5, 1e16, 1.0, -0.0]
for v in vals:
    print(v, repr(v), str(v), round(v, 3))
print(vals)
print(float("nan"), float("inf"), -float("inf"), 10 ** 20 / 3, 7 / 7)
print(round(2.5), round(3.5), round(-0.5), int(-2.7), math.floor(-2.5))
