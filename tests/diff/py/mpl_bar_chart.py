import io
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
langs = ["Python", "JS", "Java", "R"]
users = [48, 63, 30, 5]
fig, ax = plt.subplots()
bars = ax.bar(langs, users, color="steelblue")
ax.set_ylabel("users (%)")
for b in bars:
    print(b.get_x().__round__(2), b.get_height())
buf = io.BytesIO()
fig.savefig(buf, format="svg")
svg = buf.getvalue().decode()
print(svg.startswith("<?xml"), "<svg" in svg, len(svg) > 1000)
plt.close(fig)
print(plt.get_fignums())
