people = [
    {"name": "Zoe", "age": 31, "city": "Oslo"},
    {"name": "adam", "age": 25, "city": "Berlin"},
    {"name": "Bea", "age": 31, "city": "Athens"},
    {"name": "carl", "age": 19, "city": "Oslo"},
]
print([p["name"] for p in sorted(people, key=lambda p: p["name"])])
print([p["name"] for p in sorted(people, key=lambda p: p["name"].lower())])
print([(p["age"], p["name"]) for p in sorted(people, key=lambda p: (-p["age"], p["city"]))])
from operator import itemgetter, attrgetter
print(sorted(people, key=itemgetter("city", "age"))[0])
by_city = {}
for p in people:
    by_city.setdefault(p["city"], []).append(p["name"])
print(by_city)
print(sorted([3, 1, 2], reverse=True), sorted("Banana"), max(people, key=itemgetter("age"))["name"])
