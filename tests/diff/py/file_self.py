# A script reads itself and the directory it sits in through __file__, as
# scripts that keep data next to them do: under sbx __file__ names the
# program's copy in its working directory (the host's path is not there).
import os
from pathlib import Path

here = Path(__file__).resolve().parent
print(open(__file__).readline().rstrip())
print(os.path.exists(__file__), here == Path.cwd())
print(sorted(p.name for p in here.iterdir() if p.suffix == '.py'))
print(Path(__file__).name, Path(__file__).read_text().count('\n'))
