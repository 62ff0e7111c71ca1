config = {"db": {"host": "localhost"}}

def get_port(cfg):
    return cfg["db"]["port"]

def connect(cfg):
    host = cfg["db"]["host"]
    print("connecting to", host)
    return get_port(cfg)

connect(config)
