import pandas as pd
df = pd.DataFrame({
    "year": [2022, 2022, 2023, 2023, 2023],
    "quarter": ["Q1", "Q2", "Q1", "Q2", "Q3"],
    "revenue": [100, 120, 130, 125, 160],
}).set_index(["year", "quarter"])
print(df)
print(df.loc[2023])
print(df.unstack())
print(df.groupby(level=0).sum())
print(df.pct_change().round(4))
