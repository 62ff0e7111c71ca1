import io
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
rng = np.random.default_rng(1)
data = rng.normal(size=500)
fig, axes = plt.subplots(1, 2, figsize=(8, 3))
counts, edges, _ = axes[0].hist(data, bins=10)
axes[1].scatter(data[:-1], data[1:], s=4)
print(counts.astype(int).tolist())
print(np.round(edges, 3).tolist())
buf = io.BytesIO()
fig.savefig(buf, format="png", dpi=50)
print("size class:", len(buf.getvalue()) // 10000 > 0)
print(fig.get_size_inches().tolist(), len(fig.axes))
