import math
def sieve(n):
    is_p = [True] * (n + 1)
    is_p[0] = is_p[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if is_p[i]:
            is_p[i * i::i] = [False] * len(is_p[i * i::i])
    return [i for i, p in enumerate(is_p) if p]
ps = sieve(100)
print(ps, len(ps))
print(math.gcd(84, 36), math.lcm(4, 6), math.factorial(20), math.comb(10, 3), math.perm(5, 2))
print(math.isqrt(99), math.sqrt(2), math.log(100, 10), math.log2(1024), math.exp(1))
print(math.sin(math.pi / 6), math.cos(0), math.atan2(1, 1), math.degrees(math.pi), math.hypot(3, 4))
print(divmod(17, 5), divmod(-17, 5), pow(3, 4, 5), abs(-7.5), 17 % -5)
print(2 ** 64, 10 ** 30 // 7, int("ff", 16), bin(10), oct(8), hex(255), (1023).bit_length())
