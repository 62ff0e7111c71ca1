import numpy as np
dt = np.dtype([("name", "U10"), ("age", "i4"), ("score", "f8")])
people = np.array([("ann", 31, 88.5), ("bob", 25, 92.0), ("cy", 40, 79.25)], dtype=dt)
print(people)
print(people["name"], people["age"].mean())
print(np.sort(people, order="score")["name"])
print(people[people["age"] > 30])
