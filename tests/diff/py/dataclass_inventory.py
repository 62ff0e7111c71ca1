from dataclasses import dataclass, field, asdict
from typing import List

@dataclass(order=True)
class Item:
    price: float
    name: str
    tags: List[str] = field(default_factory=list)

items = [Item(3.5, "widget"), Item(1.25, "bolt", ["hw"]), Item(3.5, "gadget", ["new"])]
for it in sorted(items):
    print(it)
print(asdict(items[1]))
print(max(items).name, min(items).name)
print(Item(1, "x") == Item(1, "x"))
