# --out-dir never overwrites what is there, saves no dot-file unless asked
# (code that wrote .git/config into an out dir at a checkout's root ran a
# host command through core.fsmonitor), lists a file whose name is not UTF-8
# instead of saving it silently, and follows no link. The driver makes the
# out dir look like a git checkout's root with a file of the user's in it.
# sbx-args: --out-dir @OUT@
# sbx-expect: ok
# sbx-want: BLOCKED
# sbx-jq: .files | map(select(.name == ".git/config"))[0] | .path == null and (.note | contains("--out-dir-dotfiles"))
# sbx-jq: .files | map(select(.name == ".git/hooks/pre-commit"))[0] | .path == null
# sbx-jq: .files | map(select(.name == "README"))[0] | .path == null and (.note | contains("never overwrites"))
# sbx-jq: .files | map(select(.name == "new.txt"))[0] | .path != null and .sha256 != null
# sbx-jq: .files | map(select(.name | startswith("bad"))) | length == 1 and .[0].path == null and (.[0].note | contains("UTF-8"))
# sbx-jq: .files | map(select(.name == "up")) | length == 0
import os

os.makedirs(".git/hooks")
open(".git/config", "w").write("[core]\n\tfsmonitor = echo ESCAPED fsmonitor ran\n")
open(".git/hooks/pre-commit", "w").write("#!/bin/sh\necho ESCAPED hook ran\n")
open("README", "w").write("overwritten by the code\n")
open("new.txt", "w").write("fine\n")
open(b"bad\xff.txt", "wb").write(b"x")
os.symlink("..", "up")
print("BLOCKED --out-dir writes new files only")
