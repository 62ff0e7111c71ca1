import calendar
print(calendar.month(2024, 2))
print(calendar.isleap(2024), calendar.leapdays(2000, 2025), calendar.monthrange(2023, 2))
print(calendar.day_name[0], list(calendar.month_abbr)[1:4])
cal = calendar.Calendar(firstweekday=6)
print([d for d in cal.itermonthdays(2024, 3)][:10])
print(calendar.TextCalendar().formatmonth(2025, 1).splitlines()[1])
