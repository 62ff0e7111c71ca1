import pandas as pd
import numpy as np
s = pd.Series([3, 1, 4, 1, 5, 9, 2, 6], index=list("abcdefgh"), name="digits")
print(s)
print(s[s > 3], s.idxmax(), s.value_counts().head(3))
print(s.cumsum().tail(3), s.rolling(3).mean().round(2).tolist())
print(s.describe())
t = pd.Series([1.5, np.nan, 3.0, None])
print(t, t.isna().sum(), t.fillna(0).tolist(), t.dropna().mean())
print(pd.Series({"x": 1, "y": 2}) * 10)
