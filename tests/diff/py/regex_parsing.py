import re
log = """2024-03-01 12:00:01 ERROR db: connection refused
2024-03-01 12:00:05 INFO web: GET /index 200 12ms
2024-03-01 12:01:00 WARNING web: GET /slow 200 2301ms
2024-03-02 08:00:00 ERROR auth: token expired for user=bob"""
pat = re.compile(r"^(?P<date>\S+) (?P<time>\S+) (?P<level>\w+) (?P<comp>\w+): (?P<msg>.*)$", re.M)
for m in pat.finditer(log):
    if m["level"] != "INFO":
        print(m.group("date"), m["level"], m["comp"], "|", m["msg"])
print(re.findall(r"(\d+)ms", log), re.search(r"user=(\w+)", log).group(1))
print(re.sub(r"(\d{4})-(\d\d)-(\d\d)", r"\3/\2/\1", "due 2024-05-06"))
print(re.split(r"[;,\s]+", "a, b;c  d"), re.fullmatch(r"[a-z]+\d*", "abc12") is not None)
print(re.sub(r"\b(\w)(\w*)", lambda m: m[1].upper() + m[2], "hello big world"))
print(pat.pattern[:20], re.escape("a.b*c"))
