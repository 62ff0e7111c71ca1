names = ["Zoë", "José", "Ünal", "李雷", "Åsa"]
for n in sorted(names):
    print(f"|{n:<6}|{len(n):>2}|{n.upper()}|{n.encode('utf-8').hex()}")
import unicodedata
for ch in "é中😀":
    print(ch, unicodedata.name(ch), unicodedata.category(ch), hex(ord(ch)))
print(unicodedata.normalize("NFD", "é") == "e\u0301", len("e\u0301"), "naïve".encode("ascii", "replace"))
