import numpy as np
import pandas as pd
rng = np.random.default_rng(7)
n = 200
x = rng.normal(size=n)
df = pd.DataFrame({"x": x, "y": 2 * x + rng.normal(scale=0.5, size=n), "z": rng.uniform(size=n)})
print(df.corr().round(3))
print(df.cov().round(3))
print(df.quantile([0.1, 0.9]).round(3))
slope, intercept = np.polyfit(df.x, df.y, 1)
print(round(slope, 4), round(intercept, 4))
