import numpy as np
a = np.arange(12).reshape(3, 4)
print(a)
print(a.shape, a.dtype, a.ndim, a.size)
print(a.sum(), a.sum(axis=0), a.mean(axis=1))
print(a[1], a[:, 2], a[a % 2 == 0])
print(a.T)
print(np.zeros((2, 3)), np.ones(3, dtype=int), np.eye(2))
