records = [("b", 2), ("a", 2), ("c", 1), ("a", 1), ("b", 1)]
print(sorted(records, key=lambda r: r[1]))
print(sorted(sorted(records, key=lambda r: r[0]), key=lambda r: r[1], reverse=True))
words = ["banana", "Apple", "cherry", "apple", "Banana"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=lambda w: (w.lower(), w)))
print(sorted([3.5, -1, 2, float("inf"), 0]), sorted([(2, "b"), (1, "z"), (2, "a")]))
nums = [5, 2, 8, 1]
nums.sort(key=lambda x: -x)
print(nums, list(reversed(nums)), sorted({"z": 1, "a": 2}))
