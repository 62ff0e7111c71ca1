nums = list(range(1, 11))
squares = list(map(lambda x: x ** 2, nums))
evens = list(filter(lambda x: x % 2 == 0, squares))
print(squares, evens)
pairs = list(zip(nums, squares))
print(pairs[:3], dict(pairs[:3]))
from functools import reduce
print(reduce(lambda acc, x: acc * x, nums[:5], 1))
ops = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": lambda a, b: a / b}
expr = [(6, "+", 3), (6, "-", 9), (6, "*", 7), (7, "/", 2)]
print([ops[o](a, b) for a, o, b in expr])
