import os, json
from pathlib import Path
p = Path("notes.txt")
p.write_text("first line\nsecond line\nthird\n")
with open("notes.txt") as f:
    for i, line in enumerate(f, 1):
        print(i, line.rstrip())
with open("notes.txt", "a") as f:
    f.write("appended\n")
print(p.read_text().splitlines()[-1], p.stat().st_size, p.suffix, p.stem)
Path("data.json").write_text(json.dumps({"k": [1, 2]}))
print(json.loads(Path("data.json").read_text()))
os.makedirs("out/sub", exist_ok=True)
Path("out/sub/a.csv").write_text("x\n")
print(sorted(str(x) for x in Path(".").rglob("*") if x.is_file() and not x.name.startswith(".")))
os.remove("notes.txt")
print(p.exists(), os.path.exists("data.json"))
