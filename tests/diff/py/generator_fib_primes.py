from itertools import count, islice, takewhile
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
def primes():
    found = []
    for n in count(2):
        if all(n % p for p in takewhile(lambda p: p * p <= n, found)):
            found.append(n)
            yield n
print(list(islice(fib(), 20)))
print(list(islice(primes(), 25)))
print(sum(takewhile(lambda x: x < 4_000_000, (f for f in fib() if f % 2 == 0))))
