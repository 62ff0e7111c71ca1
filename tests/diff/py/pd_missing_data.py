import pandas as pd
import numpy as np
df = pd.DataFrame({"a": [1, np.nan, 3, 4], "b": [np.nan, np.nan, 6, 8], "c": ["x", None, "z", "w"]})
print(df)
print(df.isna().sum())
print(df.dropna())
print(df.fillna({"a": 0, "b": df["b"].mean(), "c": "?"}))
print(df.interpolate(numeric_only=True) if False else df[["a", "b"]].interpolate())
print(df.notna().all(axis=1).tolist())
