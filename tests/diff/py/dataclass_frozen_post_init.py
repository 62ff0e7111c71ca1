from dataclasses import dataclass, replace
import math

@dataclass(frozen=True)
class Point:
    x: float
    y: float
    def dist(self, other: "Point") -> float:
        return math.hypot(self.x - other.x, self.y - other.y)

@dataclass
class Circle:
    center: Point
    radius: float
    area: float = 0.0
    def __post_init__(self):
        self.area = round(math.pi * self.radius ** 2, 4)

p = Point(1, 2)
q = replace(p, y=6)
print(p, q, p.dist(q))
print(Circle(q, 2))
try:
    p.x = 10
except Exception as e:
    print(type(e).__name__, e)
print(hash(p) == hash(Point(1, 2)))
