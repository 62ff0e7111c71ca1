s = "héllo wörld ✓"
b = s.encode("utf-8")
print(b, len(s), len(b))
print(b.decode(), s.encode("latin-1", errors="replace"), s.encode("ascii", errors="ignore"))
print(bytes([72, 105]), bytearray(b"abc"), b"abc".hex(), bytes.fromhex("4869"))
import base64, hashlib
print(base64.b64encode(b"sbx rocks"), base64.b64decode("c2J4"))
print(hashlib.sha256(b"abc").hexdigest()[:16], hashlib.md5(b"").hexdigest())
print(list(b"AZ"), b"x" * 3, b" pad ".strip(), "ß".casefold(), ord("€"), chr(9731))
