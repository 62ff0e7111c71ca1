import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
print(matplotlib.get_backend())
print(plt.rcParams["figure.figsize"], plt.rcParams["font.size"])
fig = plt.figure()
print(type(fig).__name__)
