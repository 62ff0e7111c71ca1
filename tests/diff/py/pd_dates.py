import pandas as pd
idx = pd.date_range("2024-01-01", periods=10, freq="D")
s = pd.Series(range(10), index=idx)
print(s.head(3))
print(s.resample("W").sum())
df = pd.DataFrame({"when": pd.to_datetime(["2024-03-01 10:00", "2024-03-15 12:30", "2024-04-02 08:15"]), "v": [1, 2, 3]})
df["month"] = df["when"].dt.month
df["weekday"] = df["when"].dt.day_name()
print(df)
print(df["when"].max() - df["when"].min())
print(pd.Timestamp("2024-02-29") + pd.Timedelta(days=1), pd.Period("2024-03", freq="M"))
