import textwrap
para = ("Python is a high-level, general-purpose programming language. Its design philosophy "
        "emphasizes code readability with the use of significant indentation.")
print(textwrap.fill(para, width=40))
print(textwrap.shorten(para, width=50, placeholder=" ..."))
print(textwrap.indent("line one\nline two", "> "))
print(textwrap.dedent("""\
    indented
      more
    back"""))
rows = [("Name", "Qty", "Price"), ("Apple", 3, 1.2), ("Watermelon", 1, 4.5)]
widths = [max(len(str(r[i])) for r in rows) for i in range(3)]
for r in rows:
    print(" | ".join(str(v).ljust(w) for v, w in zip(r, widths)))
