import string
def caesar(s, k):
    a = string.ascii_lowercase
    t = str.maketrans(a + a.upper(), a[k:] + a[:k] + (a[k:] + a[:k]).upper())
    return s.translate(t)
def vigenere(s, key, sign=1):
    out, j = [], 0
    for ch in s:
        if ch.isalpha():
            base = ord("A") if ch.isupper() else ord("a")
            out.append(chr((ord(ch) - base + sign * (ord(key[j % len(key)].lower()) - 97)) % 26 + base))
            j += 1
        else:
            out.append(ch)
    return "".join(out)
msg = "Attack at Dawn!"
print(caesar(msg, 3), caesar(caesar(msg, 3), 23))
enc = vigenere(msg, "lemon")
print(enc, vigenere(enc, "lemon", -1))
