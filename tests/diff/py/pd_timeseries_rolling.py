import pandas as pd
import numpy as np
idx = pd.date_range("2024-01-01", periods=14, freq="D")
temps = pd.Series([2.0, 3.5, 1.0, -0.5, 4.0, 6.5, 5.0, 3.0, 2.5, 7.0, 8.5, 6.0, 4.5, 5.5], index=idx)
print(temps.rolling(7).mean().dropna().round(3))
print(temps.resample("W-SUN").agg(["min", "max", "mean"]))
print(temps.shift(1).head(3), temps.diff().abs().idxmax())
print(temps.ewm(span=3).mean().round(4).tail(2))
