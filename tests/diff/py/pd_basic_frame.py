import pandas as pd
df = pd.DataFrame({
    "name": ["Alice", "Bob", "Charlie", "Diana", "Ed"],
    "dept": ["eng", "ops", "eng", "sales", "ops"],
    "salary": [120000, 85000, 110000, 70000, 90000],
    "years": [5, 3, 8, 2, 6],
})
print(df)
print(df.head(2))
print(df.dtypes)
print(df.shape, list(df.columns))
print(df.describe())
