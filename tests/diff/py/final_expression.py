import math
values = [math.sqrt(x) for x in range(5)]
print(values)
math.pi
len(values)
