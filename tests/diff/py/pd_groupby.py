import pandas as pd
sales = pd.DataFrame({
    "region": ["N", "S", "N", "E", "S", "N", "E"],
    "product": ["a", "a", "b", "a", "b", "a", "b"],
    "units": [10, 4, 7, 12, 3, 5, 8],
    "price": [2.0, 2.1, 3.5, 1.9, 3.6, 2.0, 3.4],
})
sales["revenue"] = sales["units"] * sales["price"]
print(sales.groupby("region")["revenue"].sum())
print(sales.groupby(["region", "product"]).agg(units=("units", "sum"), avg_price=("price", "mean")))
print(sales.pivot_table(index="region", columns="product", values="units", aggfunc="sum", fill_value=0))
print(sales.sort_values(["region", "revenue"], ascending=[True, False]).to_string(index=False))
