def knapsack(items, cap):
    dp = [[0] * (cap + 1) for _ in range(len(items) + 1)]
    for i, (w, v) in enumerate(items, 1):
        for c in range(cap + 1):
            dp[i][c] = dp[i - 1][c]
            if w <= c:
                dp[i][c] = max(dp[i][c], dp[i - 1][c - w] + v)
    chosen, c = [], cap
    for i in range(len(items), 0, -1):
        if dp[i][c] != dp[i - 1][c]:
            chosen.append(i - 1)
            c -= items[i - 1][0]
    return dp[-1][-1], sorted(chosen)
print(knapsack([(1, 1), (3, 4), (4, 5), (5, 7)], 7))
def lcs(a, b):
    dp = [[""] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a)):
        for j in range(len(b)):
            dp[i + 1][j + 1] = dp[i][j] + a[i] if a[i] == b[j] else max(dp[i][j + 1], dp[i + 1][j], key=len)
    return dp[-1][-1]
print(lcs("AGGTAB", "GXTXAYB"), lcs("abcdef", "acf"))
def edit(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]
print(edit("kitten", "sitting"), edit("", "abc"))
