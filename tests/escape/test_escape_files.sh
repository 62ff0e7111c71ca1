#!/bin/sh
# Paths as an attack: links, hard links, "..", absolute paths and device
# files in --file, in what the code leaves for --out-dir, and in deployment
# names. Nothing may be read or written outside what the user named, and
# the run's working directory is gone afterwards. (tests/cli/test_deploy.sh
# has the links planted in the state directory; test_run_python.sh the
# basic link cases of --out-dir.)
. "$(dirname "$0")/../lib.sh"

W=$T_TMP/w
OUT=$T_TMP/out
OUTSIDE=$T_TMP/outside
mkdir -p "$W" "$OUT" "$OUTSIDE"
printf 'data\n' >"$W/data.txt"

# --- --file: the NAME part is a plain name or a path below the working
# directory, never above it ----------------------------------------------------
for bad in ../escape /etc/escape sub/../../x sub//x sub/ . .. inputs.json "$(printf 'a\nb')" ""; do
	sbx run -l python --file "$W/data.txt:$bad" -e 'print("ran")' --json
	T_LAST="--file data.txt:'$bad'"
	expect_rc 125
	expect_err_contains "--file"
done
check "no --file name escaped the run" test ! -e "$T_TMP/escape" -a ! -e /etc/escape
# sbx's own files are not in the code's working directory: a --file may
# take any plain name, and the directory holds only what was put there.
sbx run -l python --file "$W/data.txt:.sbx" -e 'import os; print(sorted(os.listdir(".")), open(".sbx").read().strip())' --json
expect_rc 0
expect_jq '.stdout == "[\u0027.sbx\u0027] data\n"'

# --- --file: the source must be a regular file -------------------------------
mkfifo "$W/fifo"
for src in /dev/zero /dev/null /dev/urandom "$W/fifo"; do
	sbx run -l python --file "$src:x" -e 'print("ran")' --json
	T_LAST="--file $src"
	expect_rc 125
	expect_err_contains "not a regular file"
done
# A directory brings its regular files; the FIFO in it is skipped (a
# reader would hang), said in a warning, never opened.
sbx run -l python --file "$W:w" -e 'import os; print(sorted(os.listdir("w")))' --json
T_LAST="--file of a directory with a FIFO in it"
expect_rc 0
expect_err_contains "skipped $W/fifo: not a regular file"
expect_jq '.stdout | test("data.txt") and (test("fifo") | not)'
# A link given as the source is the user's own choice: its target is copied
# (a copy: the code's writes never reach the original).
ln -s "$W/data.txt" "$W/link.txt"
sbx run -l python --file "$W/link.txt" -e 'import os
print(os.path.islink("link.txt"), open("link.txt").read().strip())
open("link.txt", "w").write("changed")' --json
expect_json .stdout '"False data\n"'
check "the original behind a --file link is unchanged" test "$(cat "$W/data.txt")" = data
# Over the files cap: refused before anything runs.
head -c 2048 /dev/zero >"$W/big.bin"
printf 'limits:\n  max_files: 1K\n' >"$T_TMP/small.yaml"
sbx run -l python --config "$T_TMP/small.yaml" --file "$W/big.bin" -e 'print("ran")' --json
expect_rc 125
expect_err_contains "cap"

# --- --out-dir: only regular files the code made, never through links ----------
SECRET=$HOME/.sbx-esc-files-$$
echo "top secret" >"$SECRET"
trap 'rm -f "$SECRET"; rm -rf "$T_TMP"' EXIT
mkdir "$OUTSIDE/target"
ln -s "$OUTSIDE/target" "$OUT/sub"        # a planted directory link
ln -s "$OUTSIDE/file" "$OUT/planted.txt"  # a planted file link
for mode in ns nons; do
	if [ $mode = nons ]; then export SBX_NO_NAMESPACES=1; else unset SBX_NO_NAMESPACES; fi
	sbx run -l python --out-dir "$OUT" -i "secret=$SECRET" -e 'import os
os.symlink("/etc/passwd", "passwd")          # a link to a host file
os.symlink("..", "up")                       # a link out of the work dir
os.mkfifo("fifo")                            # would hang a reader
try:
    os.link(inputs["secret"], "stolen")      # a hard link to a host file
    print("ESCAPED hard link")
except OSError as e:
    print("BLOCKED hard link:", e.strerror)
for dev in ((0o20666, os.makedev(1, 3)), (0o60600, os.makedev(8, 0))):
    try:
        os.mknod("dev", dev[0], dev[1]); print("ESCAPED mknod")
    except OSError as e:
        print("BLOCKED mknod:", e.strerror)
os.makedirs("sub"); open("sub/x.txt", "w").write("x")
open("planted.txt", "w").write("evil")
open("bad\nname", "w").write("x")
os.makedirs("locked/deep"); open("locked/deep/f", "w").write("f")
os.chmod("locked/deep", 0); os.chmod("locked", 0)
print(os.getcwd())' --json
	T_LAST="[$mode] --out-dir with links, fifo, devices, hard links"
	expect_rc 0
	case "$out" in *ESCAPED*) _fail "escaped" ;; *BLOCKED*) _pass ;; *) _fail "no verdict" ;; esac
	expect_jq '[.files[].name] | (index("passwd") == null and index("up") == null and index("fifo") == null and index("stolen") == null and index("dev") == null)'
	check "[$mode] nothing written through the planted directory link" test -z "$(ls -A "$OUTSIDE/target")"
	check "[$mode] nothing written through the planted file link" test ! -e "$OUTSIDE/file"
	check "[$mode] links are not saved" test ! -e "$OUT/passwd" -a ! -L "$OUT/passwd" -a ! -L "$OUT/up"
	check "[$mode] the fifo is not saved" test ! -e "$OUT/fifo"
	check "[$mode] the name with a newline is not saved" test ! -e "$OUT/bad
name"
	wd=$(printf '%s' "$out" | jq -r .stdout | grep "^/" | tail -n 1)
	check "[$mode] the work dir is gone, unreadable parts too" test -n "$wd" -a ! -e "$wd"
	check "[$mode] the secret is intact" test "$(cat "$SECRET")" = "top secret"
done
unset SBX_NO_NAMESPACES
# The out dir itself must be a directory: a device is refused, before the
# code runs.
sbx run -l python --out-dir /dev/null -e 'open("x", "w").write("x")' --json
T_LAST="--out-dir /dev/null"
expect_rc 125
expect_jq '.error.message | test("not a directory")'
check "--out-dir /dev/null is not written" test -c /dev/null

# --- deployment names and versions ----------------------------------------------
D=$SBX_STATE_DIR/deployments
sbx deploy -n good -e 'return 1'
expect_rc 0
for bad in "../good" "/etc/passwd" "good/../good" "." ".." "%2e%2e" "good@../1" \
	"$(printf 'a\nb')" "a b" "a*"; do
	for cmd in "deploy -e return.1 -n" "exec-deployment" "get" "delete"; do
		set -- $cmd
		if [ "$1" = deploy ]; then
			sbx deploy -e 'return 1' -n "$bad"
		else
			sbx "$1" "$bad"
		fi
		T_LAST="sbx $1 '$bad'"
		expect_rc 125
	done
done
check "no deployment outside the deployments dir" test -z "$(ls -A "$SBX_STATE_DIR" | grep -v -x -E 'deployments|history\.db.*|history\.log.*|events\.log.*|events\.lock|cache|work|\.lock' || true)"
check "the good deployment survived the bad deletes" test -d "$D/good/1"
sbx deploy -n copied -f "$W/data.txt:../escape.txt" -e 'return 1'
expect_rc 125
check "a deploy --file name cannot escape" test ! -e "$D/escape.txt" -a ! -e "$D/copied"

finish
