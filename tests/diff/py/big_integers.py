import math
print(2 ** 200)
print(math.factorial(50))
print(int("9" * 40) + 1, (10 ** 25) // 3, -(10 ** 20) % 7)
print(f"{2 ** 70:,}", len(str(3 ** 1000)), hex(2 ** 80))
def collatz(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps
print(max(range(1, 10000), key=collatz), collatz(27))
