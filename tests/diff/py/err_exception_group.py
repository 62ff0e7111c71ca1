def check(xs):
    errs = [ValueError(f"bad {x}") for x in xs if x < 0]
    if errs:
        raise ExceptionGroup("validation failed", errs)
try:
    check([1, -2, -3])
except* ValueError as eg:
    print("caught", len(eg.exceptions), [str(e) for e in eg.exceptions])
check([-1])
