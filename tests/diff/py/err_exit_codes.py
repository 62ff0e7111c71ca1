import sys
status = {"ok": 0, "warn": 1, "fail": 4}
results = ["ok", "warn", "ok", "fail"]
worst = max(status[r] for r in results)
print(f"worst status: {worst}")
raise SystemExit(worst)
