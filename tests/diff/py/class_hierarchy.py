class Employee:
    raise_rate = 1.04
    def __init__(self, name, pay):
        self.name, self.pay = name, pay
    def apply_raise(self):
        self.pay = int(self.pay * self.raise_rate)
    def __repr__(self):
        return f"{type(self).__name__}({self.name!r}, {self.pay})"

class Developer(Employee):
    raise_rate = 1.10
    def __init__(self, name, pay, lang):
        super().__init__(name, pay)
        self.lang = lang

class Manager(Employee):
    def __init__(self, name, pay, reports=None):
        super().__init__(name, pay)
        self.reports = reports or []
    def __str__(self):
        return f"{self.name} manages {', '.join(r.name for r in self.reports)}"

d1, d2 = Developer("Ana", 50000, "Python"), Developer("Bo", 60000, "Go")
m = Manager("Cy", 90000, [d1, d2])
for e in (d1, d2, m):
    e.apply_raise()
print(d1, d2, m, sep="\n")
print(repr(m), isinstance(m, Employee), issubclass(Developer, Manager))
print(Developer.__mro__)
