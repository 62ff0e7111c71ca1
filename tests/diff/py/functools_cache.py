from functools import lru_cache, reduce, partial, wraps
import operator

@lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print([fib(i) for i in range(15)], fib(100))
print(fib.cache_info())
print(reduce(operator.mul, range(1, 11)), reduce(lambda a, b: a + b, "abc"))
pow2 = partial(pow, 2)
print(pow2(10), pow2.func.__name__)

def trace(f):
    @wraps(f)
    def inner(*a, **k):
        r = f(*a, **k)
        print(f"{f.__name__}{a} -> {r}")
        return r
    return inner

@trace
def add(a, b):
    return a + b
add(2, 3)
print(add.__name__)
