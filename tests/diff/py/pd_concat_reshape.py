import pandas as pd
wide = pd.DataFrame({"id": [1, 2], "q1": [10, 20], "q2": [11, 21], "q3": [12, 22]})
long = wide.melt(id_vars="id", var_name="quarter", value_name="sales")
print(long)
print(long.pivot(index="id", columns="quarter", values="sales"))
print(pd.crosstab(["a", "b", "a", "a"], ["x", "y", "y", "x"]))
stacked = wide.set_index("id").stack()
print(stacked.head(4))
print(pd.get_dummies(pd.Series(["red", "blue", "red"]), dtype=int))
