def greet(name):
    return f"hello {nme}"
print("start")
print(greet("x"))
