import time
def counter():
    count = 0
    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc
c = counter()
print(c(), c(), c(5))
def repeat(n):
    def deco(f):
        def wrapper(*a):
            return [f(*a) for _ in range(n)]
        return wrapper
    return deco
@repeat(3)
def hello(name):
    return f"hi {name}"
print(hello("ann"))
def memo(f):
    cache = {}
    def g(n):
        if n not in cache:
            cache[n] = f(n)
        return cache[n]
    g.cache = cache
    return g
@memo
def stairs(n):
    return 1 if n <= 1 else stairs(n - 1) + stairs(n - 2)
print(stairs(50), len(stairs.cache))
