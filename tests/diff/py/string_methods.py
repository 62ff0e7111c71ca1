s = "  Hello, World! Welcome to Python.  "
print(repr(s.strip()), s.lower().split(), s.count("o"))
print(s.strip().title(), s.strip().swapcase(), s.find("World"), s.rfind("o"))
print("-".join(["a", "b", "c"]), "a,b,,c".split(","), "a b  c".split())
print("python".center(12, "*"), "42".zfill(5), "x".ljust(3, ".") + "|", "x".rjust(3) + "|")
print("Hello".startswith("He"), "file.tar.gz".endswith((".gz", ".zip")), "abc".isalpha(), "123".isdigit())
print("straße".upper(), "ǅ".lower(), "İ".lower().encode())
print("one two three".replace(" ", "_", 1), "tab\tsep".expandtabs(4), "%s=%05.1f" % ("x", 3.14159))
print(f"{'left':<8}|{'center':^10}|{'right':>7}|", f"{1234567.891:,.2f}", f"{0.256:.1%}", f"{255:#x} {255:08b}")
