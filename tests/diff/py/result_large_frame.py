# A program that ends with a large value, as a notebook cell ends with `df`:
# python3 prints nothing for it and exits 0, and so must sbx (its result is
# left out past the output limit, never an error).
import pandas as pd

rows = 200_000
df = pd.DataFrame({"n": range(rows), "half": [i / 2 for i in range(rows)]})
print(df.shape)
print(df.tail(3))
df
