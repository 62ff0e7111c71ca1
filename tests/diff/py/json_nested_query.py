import json
doc = json.loads("""{
 "store": {"books": [
   {"title": "A", "price": 8.95, "tags": ["ref"]},
   {"title": "B", "price": 12.99, "tags": ["fiction", "classic"]},
   {"title": "C", "price": 22.99, "tags": ["fiction"]}],
  "bike": {"color": "red", "price": 19.95}}}""")
books = doc["store"]["books"]
print([b["title"] for b in books if "fiction" in b["tags"]])
print(sum(b["price"] for b in books), max(books, key=lambda b: b["price"])["title"])
def walk(o, path=""):
    if isinstance(o, dict):
        for k, v in o.items():
            yield from walk(v, f"{path}.{k}")
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from walk(v, f"{path}[{i}]")
    else:
        yield path, o
for p, v in walk(doc):
    if isinstance(v, float):
        print(p, v)
