import pandas as pd
df = pd.DataFrame({"item": ["apple", "banana", "cherry"], "price": [1.2, 0.5, 3.75], "qty": [10, 25, 4]})
df["total"] = df["price"] * df["qty"]
print(df.to_string(index=False, float_format="{:.2f}".format))
print(df.to_dict(orient="records"))
print(df.to_dict())
print(df.sort_values("total", ascending=False).head(1).squeeze())
print(df.nlargest(2, "qty")[["item", "qty"]])
print(df.agg({"price": ["min", "max"], "qty": "sum"}))
