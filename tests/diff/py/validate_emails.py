import re
EMAIL = re.compile(r"^[\w.+-]+@([\w-]+\.)+[a-zA-Z]{2,}$")
for e in ["a@b.co", "first.last+tag@sub.example.org", "no-at-sign", "x@y", "weird@@double.com", "ok_1@domain.io"]:
    print(f"{e:<32} {'valid' if EMAIL.match(e) else 'invalid'}")
