def spiral(m):
    out = []
    while m:
        out += m.pop(0)
        m = [list(r) for r in zip(*m)][::-1]
    return out
grid = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
print(spiral([row[:] for row in grid]))
def rotate(m):
    return [list(r) for r in zip(*m[::-1])]
for row in rotate(grid):
    print(row)
print(sum(map(sum, grid)), [max(r) for r in grid], [sum(c) for c in zip(*grid)])
