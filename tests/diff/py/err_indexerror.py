matrix = [[1, 2], [3, 4]]
for i in range(3):
    print(matrix[i][0])
