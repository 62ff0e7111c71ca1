class ConfigError(Exception):
    pass

def load(text):
    try:
        return int(text)
    except ValueError as e:
        raise ConfigError(f"bad number: {text!r}") from e

print(load("12"))
load("twelve")
