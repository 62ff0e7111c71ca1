import pandas as pd
pd.set_option("display.precision", 2)
pd.set_option("display.width", 60)
df = pd.DataFrame({"country": ["Norway", "Chile", "Japan"], "gdp_per_capita": [89154.276, 15355.48, 39285.16], "population_m": [5.4, 19.5, 125.7]})
print(df)
print(df.round(0).astype({"gdp_per_capita": int}))
print(df.style.__class__.__name__ if False else df.to_string(columns=["country"], header=False))
print(df.describe().loc[["mean", "max"]])
