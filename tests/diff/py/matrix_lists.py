def matmul(a, b):
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]
def transpose(m):
    return [list(r) for r in zip(*m)]
A = [[1, 2, 3], [4, 5, 6]]
B = [[7, 8], [9, 10], [11, 12]]
C = matmul(A, B)
for row in C:
    print(" ".join(f"{v:5d}" for v in row))
print(transpose(A))
I = [[int(i == j) for j in range(3)] for i in range(3)]
print(matmul(I, B) == B)
