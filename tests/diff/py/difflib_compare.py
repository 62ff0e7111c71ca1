import difflib
a = "the quick brown fox jumps over the lazy dog".split()
b = "the quick red fox leaps over the lazy cat".split()
for line in difflib.unified_diff(a, b, "old", "new", lineterm="", n=1):
    print(line)
sm = difflib.SequenceMatcher(None, "kitten", "sitting")
print(round(sm.ratio(), 4), sm.get_opcodes())
print(difflib.get_close_matches("appel", ["apple", "ape", "peach", "apply"], n=2))
print(list(difflib.ndiff(["one\n", "two\n"], ["one\n", "too\n"])))
