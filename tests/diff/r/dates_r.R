d <- as.Date("2024-02-28")
d
d + 1:3
format(d, "%d %B %Y")
weekdays(d)
months(d)
seq(d, by = "month", length.out = 4)
as.numeric(as.Date("2024-12-25") - as.Date("2024-01-01"))
difftime(as.Date("2024-03-01"), as.Date("2024-02-01"), units = "days")
dates <- as.Date(c("2024-05-01", "2023-01-15", "2024-01-01"))
sort(dates)
range(dates)
format(as.POSIXct("2024-01-01 12:34:56", tz = "UTC"), "%H:%M")
as.POSIXct("2024-01-01 12:34:56", tz = "UTC")
