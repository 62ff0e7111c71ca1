import random
random.seed(42)
balance = 1000.0
history = []
for day in range(1, 11):
    change = round(random.uniform(-100, 150), 2)
    balance += change
    history.append((day, change, round(balance, 2)))
for day, change, bal in history:
    print(f"day {day:2d}: {change:+8.2f} -> {bal:9.2f}")
print("best day:", max(history, key=lambda h: h[1])[0])
print(random.choice(["a", "b", "c"]), random.sample(range(100), 5), random.randint(1, 6))
rng = random.Random(7)
print([rng.random() for _ in range(3)])
