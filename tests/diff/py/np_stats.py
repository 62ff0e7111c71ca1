import numpy as np
data = np.array([23, 45, 12, 67, 34, 89, 21, 56, 78, 43], dtype=float)
print("mean", data.mean(), "median", np.median(data), "std", data.std(ddof=1))
print("percentiles", np.percentile(data, [25, 50, 75]))
print("sorted", np.sort(data), "argsort", np.argsort(data)[:3])
print("cumsum", np.cumsum(data)[-1], "diff", np.diff(data)[:4])
z = (data - data.mean()) / data.std()
print(np.round(z, 3))
print(np.corrcoef(data, data ** 2)[0, 1].round(6), np.unique([3, 1, 3, 2, 1], return_counts=True))
