from urllib.parse import urlparse, urlencode, parse_qs, quote, unquote, urljoin
u = urlparse("https://user:pw@example.com:8443/path/to/page.html?q=search+term&lang=en#section-2")
print(u.scheme, u.hostname, u.port, u.path, u.query, u.fragment, u.username)
print(parse_qs(u.query), urlencode({"a": 1, "b": "x y", "c": ["1", "2"]}, doseq=True))
print(quote("a b/c?d"), unquote("%E2%9C%93%20ok"), urljoin("https://x.org/a/b", "../c"))
