from typing import Protocol, TypeVar, Generic, Optional, Iterable
T = TypeVar("T")
class Stack(Generic[T]):
    def __init__(self) -> None:
        self._items: list[T] = []
    def push(self, item: T) -> None:
        self._items.append(item)
    def pop(self) -> Optional[T]:
        return self._items.pop() if self._items else None
    def __repr__(self) -> str:
        return f"Stack({self._items})"
class Named(Protocol):
    name: str
class Dog:
    def __init__(self, name: str) -> None:
        self.name = name
def names(xs: Iterable[Named]) -> list[str]:
    return [x.name for x in xs]
s: Stack[int] = Stack()
s.push(1); s.push(2)
print(s, s.pop(), s.pop(), s.pop())
print(names([Dog("rex"), Dog("fido")]))
print(Stack.__orig_bases__ if hasattr(Stack, "__orig_bases__") else None)
