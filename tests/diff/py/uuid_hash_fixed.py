import uuid, hashlib, zlib, binascii
print(uuid.UUID("12345678-1234-5678-1234-567812345678"), uuid.uuid5(uuid.NAMESPACE_DNS, "example.com"))
print(uuid.uuid3(uuid.NAMESPACE_URL, "https://x.org").hex)
print(hashlib.sha1(b"hello").hexdigest(), hashlib.blake2b(b"x", digest_size=8).hexdigest())
print(zlib.crc32(b"hello"), binascii.crc_hqx(b"hello", 0), len(zlib.compress(b"a" * 1000)))
