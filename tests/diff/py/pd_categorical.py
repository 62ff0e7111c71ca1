import pandas as pd
sizes = pd.Categorical(["M", "S", "L", "M", "XL", "S"], categories=["S", "M", "L", "XL"], ordered=True)
s = pd.Series(sizes)
print(s)
print(s.value_counts(sort=False))
print(s.sort_values().tolist(), (s > "M").tolist())
print(s.cat.codes.tolist(), s.cat.categories.tolist())
df = pd.DataFrame({"size": s, "price": [10, 8, 12, 10, 15, 8]})
print(df.groupby("size", observed=False)["price"].mean())
