import math
rows = [("alpha", 1, 0.5), ("beta", 22, 12.345), ("gamma", 333, -1.0)]
print(f"{'name':<8}{'n':>5}{'value':>10}")
for name, n, v in rows:
    print(f"{name:<8}{n:>5}{v:>10.3f}")
x = 3.14159
print(f"{x=}", f"{x!r}", f"{x:.2e}", f"{math.pi:g}", f"{1e-10:g}", f"{1e16:g}")
print(f"{42:+d} {-42:+d} {42: d} {3:03}", f"{'nested {braces}'}", f"{{literal}}")
print(format(1234.5, ",.1f"), format(0.5, "%"), "{:>6}|{:<6}|{:^6}".format("a", "b", "c"))
print("{0} {1} {0}".format("x", "y"), "{name} is {age}".format(name="Al", age=3))
