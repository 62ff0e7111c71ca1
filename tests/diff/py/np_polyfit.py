import numpy as np
x = np.array([0, 1, 2, 3, 4, 5], dtype=float)
y = 2.5 * x ** 2 - 1.5 * x + 4
coef = np.polyfit(x, y, 2)
print(np.round(coef, 6))
p = np.poly1d(np.round(coef, 6))
print(p(10), np.roots([1, -3, 2]))
print(np.interp([1.5, 2.5], x, y))
print(np.trapz(y, x).round(4), np.gradient(y).round(3))
