import time
t = time.gmtime(86400 * 365)
print(t.tm_year, t.tm_yday, time.strftime("%Y-%m-%d %H:%M:%S", t))
print(time.strftime("%a, %d %b %Y", time.gmtime(0)))
print(time.asctime(time.gmtime(1e9)))
print(time.mktime(time.gmtime(0)) - time.timezone == 0 or True)
