import pandas as pd
df = pd.DataFrame({"score": [55, 72, 88, 91, 67], "student": ["a", "b", "c", "d", "e"]})
df["grade"] = df["score"].apply(lambda s: "A" if s >= 90 else "B" if s >= 80 else "C" if s >= 70 else "F")
df["passed"] = df["score"].map(lambda s: s >= 60)
df["bucket"] = pd.cut(df["score"], bins=[0, 60, 80, 100], labels=["low", "mid", "high"])
print(df)
print(df.assign(z=(df.score - df.score.mean()) / df.score.std()).round(3))
print(df.loc[df.passed, ["student", "grade"]].reset_index(drop=True))
print(df.iloc[1:3], df.at[2, "student"])
