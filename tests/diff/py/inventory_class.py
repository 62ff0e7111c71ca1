class Product:
    def __init__(self, sku, name, price, qty=0):
        self.sku, self.name, self.price, self.qty = sku, name, price, qty
    @property
    def value(self):
        return self.price * self.qty
    def __repr__(self):
        return f"Product({self.sku!r}, {self.name!r}, {self.price}, qty={self.qty})"
class Inventory:
    def __init__(self):
        self.products = {}
    def add(self, p):
        if p.sku in self.products:
            raise ValueError(f"duplicate sku {p.sku}")
        self.products[p.sku] = p
    def restock(self, sku, n):
        self.products[sku].qty += n
    def low_stock(self, threshold=5):
        return [p for p in self.products.values() if p.qty < threshold]
    def report(self):
        lines = [f"{'SKU':<6}{'Name':<12}{'Qty':>5}{'Value':>10}"]
        for p in sorted(self.products.values(), key=lambda p: -p.value):
            lines.append(f"{p.sku:<6}{p.name:<12}{p.qty:>5}{p.value:>10.2f}")
        lines.append(f"{'total':<23}{sum(p.value for p in self.products.values()):>10.2f}")
        return "\n".join(lines)
inv = Inventory()
for p in [Product("A1", "hammer", 12.5, 3), Product("B2", "nails", 0.05, 500), Product("C3", "saw", 24.0, 1)]:
    inv.add(p)
inv.restock("C3", 4)
print(inv.report())
print(inv.low_stock())
try:
    inv.add(Product("A1", "again", 1))
except ValueError as e:
    print("error:", e)
