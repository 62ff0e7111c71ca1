#!/bin/sh
# exec-deployment against run for the same code in each language (hyperfine).
# A deployment skips reading and checking the source from the command line;
# for Java its stored classes should make a run just the JVM start.
#
#   SBX=bin/sbx bench/deploy.sh [RUNS]     (default 20 runs per command)
# Languages whose interpreter is missing are skipped with a note.
set -eu
: "${SBX:=$(cd "$(dirname "$0")/.." && pwd)/bin/sbx}"
RUNS=${1:-20}
command -v hyperfine >/dev/null || { echo "bench: install hyperfine" >&2; exit 1; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sbx-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
export SBX_STATE_DIR="$TMP/state"
export XDG_CONFIG_HOME="$TMP/config"
unset SBX_CONFIG

mkdir -p "$TMP/src"
printf 'var s = 0; for (var i = 0; i < 1000; i++) s += i; s + inputs.n\n' >"$TMP/src/b.js"
printf 'let s: number = 0; for (let i = 0; i < 1000; i++) s += i; s + inputs.n\n' >"$TMP/src/b.ts"
printf 's = sum(range(1000))\ns + inputs["n"]\n' >"$TMP/src/b.py"
printf 's <- sum(0:999)\ns + inputs$n\n' >"$TMP/src/b.R"
cat >"$TMP/src/Main.java" <<'JAVA'
public class Main {
    public static void main(String[] args) {
        long s = 0;
        for (int i = 0; i < 1000; i++) s += i;
        System.out.println(s);
    }
}
JAVA

for f in b.js b.ts b.py b.R Main.java; do
	name=$(printf 'bench-%s' "$f" | tr 'A-Z.' 'a-z-')
	lang=$("$SBX" deploy -n "$name" -i n=1 "$TMP/src/$f" --json 2>/dev/null | jq -r .language) ||
		lang=""
	if [ -z "$lang" ]; then
		echo "bench: $f could not be deployed, skipped" >&2
		continue
	fi
	if ! "$SBX" run "$TMP/src/$f" -i n=1 >/dev/null 2>&1; then
		echo "bench: $lang does not run here (interpreter missing?), skipped" >&2
		continue
	fi
	# One warm-up run each fills caches (javac, lowering) for both sides.
	hyperfine -N --warmup 1 --runs "$RUNS" --export-markdown "$TMP/$lang.md" \
		-n "run $lang" "'$SBX' run '$TMP/src/$f' -i n=1 --no-history" \
		-n "exec-deployment $lang" "'$SBX' exec-deployment $name -i n=1 --no-history"
done
