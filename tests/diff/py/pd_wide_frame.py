import pandas as pd
import numpy as np
df = pd.DataFrame(np.arange(60).reshape(5, 12) * 1.5, columns=[f"column_{i}" for i in range(12)])
print(df)
long = pd.DataFrame({"x": range(100), "y": [i * i for i in range(100)]})
print(long)
print(df.T.iloc[:3])
