import csv, io
data = """region,product,units,price
north,apple,10,0.5
south,apple,4,0.55
north,pear,7,0.8
east,apple,12,0.45
south,pear,3,0.85
"""
rows = list(csv.DictReader(io.StringIO(data)))
totals = {}
for r in rows:
    totals[r["region"]] = totals.get(r["region"], 0) + int(r["units"]) * float(r["price"])
for region, total in sorted(totals.items(), key=lambda kv: -kv[1]):
    print(f"{region:>6}: {total:8.2f}")
out = io.StringIO()
w = csv.writer(out)
w.writerow(["region", "total"])
for k, v in totals.items():
    w.writerow([k, f"{v:.2f}"])
print(out.getvalue(), end="")
