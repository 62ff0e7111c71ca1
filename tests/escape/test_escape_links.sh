#!/bin/sh
# A one-shot run's directory after the code: the code may swap its own
# working directory (work/) and sbx's private files (.sbx/, .sbx/tmp) for
# links to a host directory; everything sbx does afterwards (listing and
# saving the files for --out-dir, removing the run directory) goes through
# directory fds opened before the code ran, never through those links
# (issue 26). Python, and Java (whose run is a second step after javac), in
# both modes of whoever runs this; test_escape_links_user.sh re-runs it as
# sbx-ci.
. "$(dirname "$0")/../lib.sh"

BAIT=$T_TMP/bait
OUT=$T_TMP/out
mkdir -p "$BAIT/deep"
chmod 0777 "$BAIT" "$BAIT/deep" # only the sandbox stands in the way
echo "host" >"$BAIT/host.txt"
echo "host" >"$BAIT/deep/host.txt"
bait_intact() {
	test "$(cd "$BAIT" && find . | sort | tr '\n' ' ')" = ". ./deep ./deep/host.txt ./host.txt " &&
		test "$(cat "$BAIT/host.txt" "$BAIT/deep/host.txt")" = "host
host" && test "$(stat -c %a "$BAIT")" = 777
}

PY='import os
run = os.path.dirname(os.getcwd())
open("made.txt", "w").write("made")
def swap(name):
    try:
        os.rename(os.path.join(run, name), os.path.join(run, name + ".moved"))
        os.symlink(inputs["bait"], os.path.join(run, name))
        print("swapped", name)
    except OSError as e:
        print("could not swap", name, e.strerror)
swap(".sbx/tmp"); swap(".sbx"); swap("work")
print(run)'
JAVA='import java.nio.file.*;
public class Swap {
    public static void main(String[] a) throws Exception {
        Path cwd = Paths.get("").toAbsolutePath(), run = cwd.getParent();
        String bait = new String(Files.readAllBytes(Paths.get("inputs.json"))).replaceAll(".*\"bait\":\"([^\"]*)\".*", "$1").trim();
        Files.writeString(cwd.resolve("made.txt"), "made");
        for (String n : new String[] {".sbx/classes", ".sbx/tmp", ".sbx", "work"}) {
            try {
                Files.move(run.resolve(n), run.resolve(n + ".moved"));
                Files.createSymbolicLink(run.resolve(n), Paths.get(bait));
                System.out.println("swapped " + n);
            } catch (Exception e) { System.out.println("could not swap " + n + ": " + e); }
        }
        System.out.println(run);
    }
}'

# one LANG CODE: runs it with --out-dir, then checks the host side.
one() {
	rm -rf "$OUT"
	sbx run -l "$1" --json -i "bait=$BAIT" --out-dir "$OUT" -e "$2"
	T_LAST="[$MODE] $1: the code swapped work/ and .sbx/ for links"
	expect_rc 0
	check "[$MODE] $1: the code swapped its directories (else this test proves nothing)" \
		test "$(printf '%s' "$out" | jq -r .stdout | grep -c '^swapped')" -ge 3
	check "[$MODE] $1: the host directory behind the links is untouched" bait_intact
	check "[$MODE] $1: --out-dir has the file the code made, nothing of the host's" \
		test "$(cd "$OUT" && find . -type f | sort | tr '\n' ' ')" = "./made.txt "
	check "[$MODE] $1: the record lists only that file" \
		test "$(printf '%s' "$out" | jq -c '[.files[].name]')" = '["made.txt"]'
	_run=$(printf '%s' "$out" | jq -r .stdout | grep '^/' | tail -n 1)
	check "[$MODE] $1: the run directory is gone ($_run)" test -n "$_run" -a ! -e "$_run"
}

for MODE in "$(id -un)+ns" "$(id -un)+nons"; do
	case $MODE in *+nons) export SBX_NO_NAMESPACES=1 ;; *) unset SBX_NO_NAMESPACES ;; esac
	one python "$PY"
	if command -v javac >/dev/null 2>&1; then one java "$JAVA"; fi
done
unset SBX_NO_NAMESPACES

finish
