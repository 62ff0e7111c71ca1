import traceback, sys
def inner():
    return {}["key"]
def outer():
    return inner()
try:
    outer()
except KeyError:
    traceback.print_exc()
    print("recovered")
try:
    int("x")
except ValueError as e:
    print("".join(traceback.format_exception_only(type(e), e)), end="")
print("end", file=sys.stderr)
