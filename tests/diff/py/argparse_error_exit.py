import argparse
p = argparse.ArgumentParser(prog="tool")
p.add_argument("--count", type=int, required=True)
print("parsing")
args = p.parse_args(["--count", "many"])
print("unreachable", args)
