import numpy as np
a = np.ones((2, 3))
b = np.ones((4, 5))
print("shapes", a.shape, b.shape)
print(a @ b)
