import json
doc = {"name": "sbx", "version": [1, 2, 3], "nested": {"ok": True, "none": None, "pi": 3.14159}, "unicode": "héllo ✓"}
s = json.dumps(doc)
print(s)
print(json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False))
back = json.loads(s)
print(back == doc, type(back["version"]).__name__)
print(json.dumps([1.0, 0.1 + 0.2, 1e100, float("inf")]))
try:
    json.loads("{'bad': 1}")
except json.JSONDecodeError as e:
    print("JSONDecodeError:", e)
