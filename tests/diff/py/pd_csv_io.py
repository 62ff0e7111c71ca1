import io
import pandas as pd
raw = """date,city,temp,rain
2024-06-01,Oslo,14.5,0.0
2024-06-01,Rome,26.1,
2024-06-02,Oslo,15.2,3.4
2024-06-02,Rome,27.8,0.0
"""
df = pd.read_csv(io.StringIO(raw), parse_dates=["date"])
print(df)
print(df.info())
print(df.groupby("city")[["temp", "rain"]].mean())
buf = io.StringIO()
df.to_csv(buf, index=False)
print(buf.getvalue())
print(df.to_json(orient="records", date_format="iso"))
