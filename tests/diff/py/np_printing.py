import numpy as np
print(np.array([0.1, 0.25, 1 / 3]))
print(np.array([1e-8, 1.0, 1e8]))
print(np.array([[1.123456789, 2], [3, 4]]))
np.set_printoptions(precision=3, suppress=True)
print(np.array([1e-8, 1.0, 123.456789]))
print(np.arange(2000))
print(np.array(["a", "bb"]), np.array([True, False]), np.array([1, 2], dtype=np.int8))
print(repr(np.array([1.0, 2.0])), np.float64(0.1), np.int64(7) * 2, np.float32(1 / 3))
