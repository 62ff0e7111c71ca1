from pathlib import PurePosixPath
import os.path
p = PurePosixPath("/home/user/projects/sbx/src/cli/main.c")
print(p.name, p.stem, p.suffix, p.parent, p.parts[:3])
print(p.with_suffix(".h"), p.relative_to("/home/user"), p.match("*.c"))
print(PurePosixPath("a") / "b" / "c.txt", PurePosixPath("/a/b/../c"))
print(os.path.join("a", "b", "c"), os.path.splitext("archive.tar.gz"), os.path.basename("/x/y.z"))
print(os.path.normpath("/a//b/./c/../d"), os.path.commonprefix(["/usr/lib", "/usr/local"]), os.path.isabs("rel"))
