def read_lines():
    yield from ["10,apple", "x,bad", "25,pear", "7,fig", "", "13,kiwi"]

def parse(lines):
    for ln in lines:
        if not ln:
            continue
        n, _, name = ln.partition(",")
        try:
            yield int(n), name
        except ValueError:
            print(f"skipping {ln!r}")

def big(items, threshold):
    return ((n, name) for n, name in items if n > threshold)

result = list(big(parse(read_lines()), 9))
print(result)
gen = (x * x for x in range(4))
print(next(gen), next(gen), list(gen), list(gen))
def counter():
    total = 0
    while True:
        x = yield total
        total += x
c = counter(); next(c)
print([c.send(i) for i in (5, 10, 20)])
