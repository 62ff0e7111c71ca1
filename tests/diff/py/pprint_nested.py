from pprint import pprint, pformat
data = {"users": [{"id": i, "name": f"user{i}", "roles": ["read", "write"][: i % 3], "meta": {"score": i * 1.5}} for i in range(4)],
        "total": 4, "page": {"size": 10, "n": 1}}
pprint(data)
pprint(data, width=120)
print(pformat(list(range(30)), compact=True))
pprint({"z": 1, "a": 2, "m": {"y": [1, 2], "b": None}})
