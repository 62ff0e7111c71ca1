from datetime import datetime
from zoneinfo import ZoneInfo
utc = datetime(2024, 7, 1, 12, 0, tzinfo=ZoneInfo("UTC"))
for tz in ["America/New_York", "Europe/Paris", "Asia/Tokyo", "Australia/Sydney"]:
    local = utc.astimezone(ZoneInfo(tz))
    print(f"{tz:<20} {local:%Y-%m-%d %H:%M %Z} {local.utcoffset()}")
