x = 5
print(1 < x < 10, 1 < x > 10, x == 5 == 5.0, 0 < 0.0 + 0 <= 0)
print(None is None, [] is [], [] == [], "a" * 3 is not "aaa" or True)
print(True + True, True * 10, sum([True, False, True]), int(False))
print(isinstance(True, int), bool([]), bool([0]), bool(""), bool(" "), bool(0.0), bool(None))
print(max("apple", "pear"), min([3, 1, 2]), max([], default="empty"), min((2, "b"), (2, "a")))
print(1 if "" else 2, "" or "default", 0 and "never", [] or {} or "last")
