nums = range(1, 21)
print([n for n in nums if n % 3 == 0])
print({n: n * n for n in nums if n < 6})
print(sorted({n % 4 for n in nums}))
print([(a, b, c) for a in range(1, 20) for b in range(a, 20) for c in range(b, 20) if a * a + b * b == c * c])
matrix = [[1, 2, 3], [4, 5, 6]]
print([x for row in matrix for x in row], [[row[i] for row in matrix] for i in range(3)])
print(sum(x * x for x in nums), any(n > 19 for n in nums), all(n > 0 for n in nums))
words = ["apple", "Banana", "cherry"]
print({w[0].lower(): len(w) for w in words}, list(map(str.upper, words)), list(filter(None, [0, 1, "", "a"])))
