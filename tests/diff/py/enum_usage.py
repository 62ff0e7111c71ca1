from enum import Enum, IntEnum, Flag, auto
class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
class Priority(IntEnum):
    LOW = 1
    HIGH = 3
class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()
print(Color.RED, repr(Color.GREEN), Color(3), Color["BLUE"].value, list(Color))
print(Priority.HIGH > Priority.LOW, Priority.HIGH + 1, sorted([Priority.HIGH, Priority.LOW]))
rw = Perm.R | Perm.W
print(rw, Perm.X in rw, Perm.R in rw, repr(rw))
print({c.name: c.value for c in Color})
