import pandas as pd
df = pd.DataFrame({"email": ["Ann@Example.com", "bob@test.org", None, "CY@example.com"], "name": [" ann ", "Bob", "cy", "Dee"]})
df["domain"] = df["email"].str.lower().str.split("@").str[1]
df["clean"] = df["name"].str.strip().str.title()
print(df)
print(df["domain"].value_counts(dropna=False))
print(df[df["email"].str.contains("example", case=False, na=False)])
print(df["clean"].str.len().tolist(), df["clean"].str.startswith("B").tolist())
