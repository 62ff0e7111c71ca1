from contextlib import contextmanager, suppress
class Timer:
    def __enter__(self):
        print("enter")
        return self
    def __exit__(self, exc_type, exc, tb):
        print("exit", exc_type.__name__ if exc_type else None)
        return exc_type is KeyError
with Timer():
    print("body")
with Timer():
    {}["missing"]
print("after suppressed KeyError")
@contextmanager
def tag(name):
    print(f"<{name}>")
    try:
        yield name.upper()
    finally:
        print(f"</{name}>")
with tag("div") as t, tag("p"):
    print("content", t)
with suppress(ZeroDivisionError):
    1 / 0
print("done")
