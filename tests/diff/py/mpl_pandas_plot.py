import io
import matplotlib
matplotlib.use("Agg")
import pandas as pd
df = pd.DataFrame({"month": ["Jan", "Feb", "Mar", "Apr"], "sales": [120, 135, 160, 150], "cost": [80, 90, 95, 100]})
ax = df.plot(x="month", y=["sales", "cost"], kind="line", marker="o", title="Sales vs cost")
fig = ax.get_figure()
buf = io.BytesIO()
fig.savefig(buf, format="png")
print("png ok:", buf.getvalue()[:4] == b"\x89PNG", len(buf.getvalue()) > 5000)
print(ax.get_title(), ax.get_legend().get_texts()[0].get_text())
print((df["sales"] - df["cost"]).tolist())
