from datetime import datetime, date, timedelta, timezone
d = datetime(2024, 2, 28, 22, 15, 0, tzinfo=timezone.utc)
for i in range(3):
    x = d + timedelta(hours=12 * i)
    print(x.isoformat(), x.strftime("%A %d %B %Y %H:%M"), x.weekday())
print(date(2024, 12, 25) - date(2024, 1, 1))
print(datetime.strptime("2023-07-04 09:30", "%Y-%m-%d %H:%M"))
print(repr(date(2020, 5, 17)), date(2020, 5, 17).isocalendar())
print(datetime.fromtimestamp(1_700_000_000, tz=timezone.utc))
print(timedelta(days=1, seconds=3661), timedelta(minutes=-5))
