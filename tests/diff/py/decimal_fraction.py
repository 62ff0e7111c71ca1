from decimal import Decimal, ROUND_HALF_UP, getcontext
from fractions import Fraction
print(0.1 + 0.2, Decimal("0.1") + Decimal("0.2"))
price = Decimal("19.995")
print(price.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP), round(2.675, 2))
getcontext().prec = 6
print(Decimal(1) / Decimal(7))
print(Fraction(3, 4) + Fraction(1, 6), Fraction("0.125"), Fraction(1, 3) * 3)
print(repr(Decimal("1.50")), repr(Fraction(2, 4)))
print(sum(Fraction(1, n) for n in range(1, 6)))
