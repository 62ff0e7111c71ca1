import io
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
x = np.linspace(0, 2 * np.pi, 100)
fig, ax = plt.subplots(figsize=(6, 4))
ax.plot(x, np.sin(x), label="sin")
ax.plot(x, np.cos(x), label="cos")
ax.set_title("Trig")
ax.legend()
buf = io.BytesIO()
fig.savefig(buf, format="png")
size = len(buf.getvalue())
print("png bytes:", "over 10 KB" if size > 10_000 else "small", buf.getvalue()[:8])
print(ax.get_title(), [l.get_label() for l in ax.get_lines()])
