import configparser
text = """
[server]
host = example.com
port = 8080
debug = yes

[paths]
root = /srv/app
logs = ${root}/logs
"""
cp = configparser.ConfigParser(interpolation=configparser.ExtendedInterpolation())
cp.read_string(text)
print(cp.sections(), cp["server"]["host"], cp.getint("server", "port"), cp.getboolean("server", "debug"))
print(cp["paths"]["logs"], cp.get("server", "missing", fallback="n/a"))
print(dict(cp["server"]))
