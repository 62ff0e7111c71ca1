class Temperature:
    __slots__ = ("_c",)
    def __init__(self, celsius):
        self.celsius = celsius
    @property
    def celsius(self):
        return self._c
    @celsius.setter
    def celsius(self, v):
        if v < -273.15:
            raise ValueError(f"{v} is below absolute zero")
        self._c = v
    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32
    @classmethod
    def from_f(cls, f):
        return cls((f - 32) * 5 / 9)
    @staticmethod
    def is_freezing(c):
        return c <= 0
t = Temperature(25)
print(t.celsius, t.fahrenheit, Temperature.from_f(212).celsius, Temperature.is_freezing(-1))
try:
    t.celsius = -300
except ValueError as e:
    print("ValueError:", e)
try:
    t.other = 1
except AttributeError as e:
    print("AttributeError:", e)
