#!/bin/sh
# The source tree keeps its layers (build-aux/check-layers.py): every
# #include between layer folders points down, no file sits outside a layer,
# and no file is over the size a newcomer can read in one sitting. The
# checker itself is shown to catch an arrow up and a cycle.
. "$(dirname "$0")/../lib.sh"

check "every include in src/ points down" sh -c 'python3 "$1" "$2" >/dev/null' _ \
	"$ROOT_DIR/build-aux/check-layers.py" "$ROOT_DIR/src"

# A copy of the tree with one arrow up: the checker names it.
cp -R "$ROOT_DIR/src" "$T_TMP/src"
printf '#include "render/render.h"\n' >>"$T_TMP/src/core/lang.c"
msg=$(python3 "$ROOT_DIR/build-aux/check-layers.py" "$T_TMP/src")
check "an include up is refused" test $? -ne 0
check "the refusal names the file and the arrow" \
	sh -c 'printf "%s" "$1" | grep -q "src/core/lang.c:.*core may not include render"' _ "$msg"
# An include is resolved as the compiler resolves it: beside the file
# first, so a relative path up (../render/render.h) is the same arrow.
rm -rf "$T_TMP/src" && cp -R "$ROOT_DIR/src" "$T_TMP/src"
printf '#include "../render/render.h"\n' >>"$T_TMP/src/core/lang.c"
msg=$(python3 "$ROOT_DIR/build-aux/check-layers.py" "$T_TMP/src")
check "an include up by a relative path is refused" \
	sh -c 'printf "%s" "$1" | grep -q "src/core/lang.c:.*core may not include render"' _ "$msg"
# ... and a parent's "js/x.h" is its subfolder's header, which may not
# name the parent back by "../engine.h".
rm -rf "$T_TMP/src" && cp -R "$ROOT_DIR/src" "$T_TMP/src"
printf '#include "../engine.h"\n' >>"$T_TMP/src/engine/js/tokenize.c"
msg=$(python3 "$ROOT_DIR/build-aux/check-layers.py" "$T_TMP/src")
check "a subfolder including its parent by a relative path is refused" \
	sh -c 'printf "%s" "$1" | grep -q "tokenize.c:.*engine/js may not include engine "' _ "$msg"
rm -rf "$T_TMP/src" && cp -R "$ROOT_DIR/src" "$T_TMP/src"
# The table itself may not have a cycle at any depth (engine/js ->
# engine/duktape -> engine/js): the checker refuses such a table before
# it reads a file.
msg=$(python3 -c '
import importlib.util, sys
spec = importlib.util.spec_from_file_location("cl", sys.argv[1])
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
m.ALLOWED["engine/duktape"].append("engine/js")
m.acyclic(m.ALLOWED)
' "$ROOT_DIR/build-aux/check-layers.py" 2>&1)
check "a table with a cycle between subfolders is refused" \
	sh -c 'printf "%s" "$1" | grep -q "the table has a cycle: .*engine/duktape -> engine/js"' _ "$msg"
# A file outside any layer folder is refused too.
cp "$ROOT_DIR/src/core/lang.c" "$T_TMP/src/stray.c"
check "a file outside the layers is refused" sh -c '! python3 "$1" "$2" >/dev/null' _ \
	"$ROOT_DIR/build-aux/check-layers.py" "$T_TMP/src"

# Every folder is a node of its own: a subfolder reaching up into its
# parent is a cycle (engine/js -> engine -> engine/js), and is refused.
rm -rf "$T_TMP/src" && cp -R "$ROOT_DIR/src" "$T_TMP/src"
printf '#include "engine/engine.h"\n' >>"$T_TMP/src/engine/js/tokenize.c"
msg=$(python3 "$ROOT_DIR/build-aux/check-layers.py" "$T_TMP/src")
check "a subfolder including its parent is refused" \
	sh -c 'printf "%s" "$1" | grep -q "tokenize.c:.*engine/js may not include engine "' _ "$msg"
# A private header stays in its folder.
rm -rf "$T_TMP/src" && cp -R "$ROOT_DIR/src" "$T_TMP/src"
printf '#include "engine/engine_duktape_int.h"\n' >>"$T_TMP/src/run/execute.c"
msg=$(python3 "$ROOT_DIR/build-aux/check-layers.py" "$T_TMP/src")
check "a private header included from another folder is refused" \
	sh -c 'printf "%s" "$1" | grep -q "execute.c:.*engine_duktape_int.h is private to engine/"' _ "$msg"
# The checker itself refuses a file over the size, embedded scripts too.
rm -rf "$T_TMP/src" && cp -R "$ROOT_DIR/src" "$T_TMP/src"
seq 1 601 | sed 's,^,// ,' >"$T_TMP/src/engine/js/lower/long.js"
msg=$(python3 "$ROOT_DIR/build-aux/check-layers.py" "$T_TMP/src")
check "the checker refuses a file over 600 lines" \
	sh -c 'printf "%s" "$1" | grep -q "long.js: 601 lines, over 600"' _ "$msg"
# A new folder must be placed in the table before it is used.
rm -rf "$T_TMP/src" && cp -R "$ROOT_DIR/src" "$T_TMP/src"
mkdir "$T_TMP/src/engine/newthing" && cp "$ROOT_DIR/src/core/lang.c" "$T_TMP/src/engine/newthing/x.c"
check "a folder missing from the table is refused" sh -c '! python3 "$1" "$2" >/dev/null' _ \
	"$ROOT_DIR/build-aux/check-layers.py" "$T_TMP/src"

# One job per file: none over 600 lines (C, and the JavaScript, Python, R
# and Java that sbx embeds).
big=$(find "$ROOT_DIR/src" -type f \( -name '*.[ch]' -o -name '*.js' -o -name '*.py' -o -name '*.R' -o -name '*.java' \) \
	-exec wc -l {} + | awk '$2 != "total" && $1 > 600 { print $2 " " $1 }')
check "no source file over 600 lines${big:+: $big}" test -z "$big"

# README draws the table as rows: the drawing is the checker's own (the
# README's lines from the drawing's first row to its last).
drawn=$(python3 "$ROOT_DIR/build-aux/check-layers.py" --levels)
first=$(printf '%s\n' "$drawn" | head -1) last=$(printf '%s\n' "$drawn" | tail -1)
in_readme=$(awk -v f="$first" -v l="$last" '$0 == f { on = 1 } on { print } on && $0 == l { exit }' \
	"$ROOT_DIR/README.md")
check "README's Development section draws the layers as the table has them" \
	test "$in_readme" = "$drawn"

# Every layer folder says what lives there and what it may call.
for d in "$ROOT_DIR"/src/*/; do
	check "$(basename "$d")/ has a README" test -s "$d/README.md"
done
finish
