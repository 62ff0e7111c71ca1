def describe(cmd):
    match cmd.split():
        case ["go", direction]:
            return f"moving {direction}"
        case ["take", *items] if items:
            return f"taking {', '.join(items)}"
        case ["quit" | "exit"]:
            return "bye"
        case []:
            return "nothing"
        case _:
            return f"unknown: {cmd!r}"
for c in ["go north", "take lamp key", "exit", "", "dance wildly"]:
    print(describe(c))
def shape(p):
    match p:
        case {"type": "circle", "r": r}:
            return 3.14159 * r * r
        case {"type": "rect", "w": w, "h": h}:
            return w * h
        case (x, y):
            return f"point {x},{y}"
print(shape({"type": "circle", "r": 2}), shape({"type": "rect", "w": 2, "h": 5}), shape((1, 2)), shape(None))
