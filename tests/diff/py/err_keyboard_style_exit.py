import sys
def main(argv):
    if len(argv) < 2:
        print("usage: tool FILE", file=sys.stderr)
        return 2
    return 0
if __name__ == "__main__":
    sys.exit(main(sys.argv))
