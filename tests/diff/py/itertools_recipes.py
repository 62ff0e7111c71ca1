import itertools as it
print(list(it.permutations("abc", 2)))
print(list(it.combinations(range(5), 3))[:4])
print(list(it.product([0, 1], repeat=3)))
print(list(it.accumulate([1, 2, 3, 4, 5])), list(it.accumulate([3, 1, 4, 1, 5], max)))
for key, grp in it.groupby(sorted("mississippi")):
    print(key, len(list(grp)), end="; ")
print()
print(list(it.islice(it.cycle("xy"), 5)), list(it.chain.from_iterable([[1], [2, 3]])))
print(list(it.zip_longest("ab", [1, 2, 3], fillvalue="-")), list(it.pairwise([1, 2, 3, 4])))
