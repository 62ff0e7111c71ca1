def total_price(items):
    return sum(item["price"] * item["qty"] for item in items)
cart = [{"price": 2.5, "qty": 2}, {"price": "3.00", "qty": 1}]
print("computing total")
print(total_price(cart))
