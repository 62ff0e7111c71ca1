import sys
def main() -> int:
    print("argv0:", sys.argv[0], len(sys.argv))
    print("name:", __name__)
    print("file:", __file__.rsplit("/", 1)[-1])
    return 0
if __name__ == "__main__":
    raise SystemExit(main())
