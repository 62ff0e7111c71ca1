print("Hello, world!")
name = "Ada"
print(f"Hi {name}, you have {3} new messages")
print("a", "b", "c", sep="-", end="!\n")
print()
print(repr("quote's"), str(42), 7 / 2, 7 // 2, -7 // 2, 2 ** 100)
