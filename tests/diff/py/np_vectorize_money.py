import numpy as np
principal = np.array([1000, 5000, 12000], dtype=float)
rates = np.array([0.03, 0.05, 0.07])
years = np.arange(0, 31, 10)
growth = principal[:, None] * (1 + rates[:, None]) ** years[None, :]
np.set_printoptions(suppress=True)
print(growth.round(2))
print(np.round(growth[:, -1] / principal, 3))
monthly = np.array([1200, 950, 1430, 1100, 1300, 990])
print(monthly.mean(), monthly.argmax(), np.where(monthly > 1000)[0])
