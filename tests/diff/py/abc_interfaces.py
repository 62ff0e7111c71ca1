from abc import ABC, abstractmethod
class Storage(ABC):
    @abstractmethod
    def save(self, key, value): ...
    @abstractmethod
    def load(self, key): ...
    def save_many(self, items):
        for k, v in items.items():
            self.save(k, v)
class MemoryStorage(Storage):
    def __init__(self):
        self.data = {}
    def save(self, key, value):
        self.data[key] = value
    def load(self, key):
        return self.data.get(key)
s = MemoryStorage()
s.save_many({"a": 1, "b": [2]})
print(s.load("a"), s.load("b"), s.load("c"), s.data)
try:
    Storage()
except TypeError as e:
    print("TypeError:", e)
