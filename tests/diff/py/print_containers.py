print([1, "two", 3.0, None, True, (4,), {5}, {"six": 6}])
print((1,), (), [], {}, set(), [[]], [()])
print({"nested": {"list": [1, [2, [3]]], "tuple": (1, "a")}})
print(list(range(5)), range(5), reversed([1]).__class__.__name__, list(enumerate("ab")))
print(str(b"bytes"), repr("multi\nline"), ["a\tb"], "a\tb")
print(1_000_000, 0o17, 0b101, 0xFF, 1e3, 3 + 4j, complex(1, -1), abs(3 + 4j))
print(None, type(None), type(1), type(""), type([]).__name__, object.__name__)
class Plain:
    pass
print(type(Plain()).__name__, Plain.__qualname__, callable(Plain), len.__name__)
