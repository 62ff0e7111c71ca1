import argparse
p = argparse.ArgumentParser(prog="wc", description="count things")
p.add_argument("files", nargs="*", default=["-"])
p.add_argument("-l", "--lines", action="store_true")
p.add_argument("-n", type=int, default=10)
p.add_argument("--mode", choices=["fast", "slow"], default="fast")
print(p.parse_args(["a.txt", "-l", "-n", "3"]))
print(p.parse_args([]))
p.print_help()
try:
    p.parse_args(["--mode", "medium"])
except SystemExit as e:
    print("exit code", e.code)
