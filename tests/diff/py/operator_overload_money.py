from functools import total_ordering
@total_ordering
class Money:
    def __init__(self, cents, cur="USD"):
        self.cents, self.cur = int(cents), cur
    @classmethod
    def of(cls, amount, cur="USD"):
        return cls(round(amount * 100), cur)
    def __add__(self, o):
        if o.cur != self.cur:
            raise ValueError(f"currency mismatch: {self.cur} vs {o.cur}")
        return Money(self.cents + o.cents, self.cur)
    def __mul__(self, k):
        return Money(round(self.cents * k), self.cur)
    def __eq__(self, o):
        return (self.cents, self.cur) == (o.cents, o.cur)
    def __lt__(self, o):
        return self.cents < o.cents
    def __str__(self):
        return f"{self.cents / 100:,.2f} {self.cur}"
    __repr__ = __str__
prices = [Money.of(19.99), Money.of(5), Money.of(1234.5)]
print(sorted(prices), max(prices), sum(prices, Money(0)))
print(Money.of(10) * 1.075, Money.of(1) == Money(100), Money.of(2) >= Money.of(1))
try:
    Money.of(1) + Money.of(1, "EUR")
except ValueError as e:
    print(e)
