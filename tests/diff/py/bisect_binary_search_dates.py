from datetime import date, timedelta
import bisect
holidays = [date(2024, 1, 1), date(2024, 5, 27), date(2024, 7, 4), date(2024, 9, 2), date(2024, 11, 28), date(2024, 12, 25)]
def next_holiday(d):
    i = bisect.bisect_left(holidays, d)
    return holidays[i] if i < len(holidays) else None
for d in [date(2024, 3, 15), date(2024, 7, 4), date(2024, 12, 26)]:
    h = next_holiday(d)
    print(d, "->", h, (h - d).days if h else "-")
def workdays(a, b):
    n = 0
    while a < b:
        if a.weekday() < 5 and a not in holidays:
            n += 1
        a += timedelta(days=1)
    return n
print(workdays(date(2024, 7, 1), date(2024, 7, 15)))
