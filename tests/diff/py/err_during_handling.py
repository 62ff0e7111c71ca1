def parse(s):
    try:
        return int(s)
    except ValueError:
        return undefined_fallback(s)
print(parse("5"))
print(parse("five"))
