#!/bin/sh
# Every command in the table answers -h; every command and long option is
# in the man page and all three completions; the committed completions are
# what build-aux/completions.sh generates from the current table.
. "$(dirname "$0")/../lib.sh"

man="$ROOT_DIR/man/sbx.1"

# The long options the man page lacks: one python3 for all of them (one
# per option took minutes on a loaded machine). An option is documented
# when the page has \-\-NAME (hyphens escaped as roff writes them), not
# merely a longer option that starts with it.
man_missing_options() {
	python3 - "$man" "$@" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
for opt in sys.argv[2:]:
    name = opt.replace("-", r"\-")
    pattern = re.escape(r"\-\-" + name) + r"(?![a-z0-9]|\\-[a-z])"
    if not re.search(pattern, text):
        print(opt)
PY
}
cmds=$("$SBX" --list-commands)
check "the command table is not empty" test -n "$cmds"
all_opts=$(for c in $cmds; do "$SBX" --list-options "$c" | cut -f1 | cut -d' ' -f1 | sed 's/=$//; s/^--//'; done | sort -u)
missing=" $(man_missing_options $all_opts | tr '\n' ' ') "
check "the man page check ran" test -n "$all_opts"
for c in $cmds; do
	sbx "$c" -h
	expect_rc 0
	expect_out_contains "usage: sbx $c"
	sbx help "$c"
	expect_rc 0
	check "man page documents the command $c" sh -c 'sed "s/\\\\-/-/g" "$1" | grep -q "^\.SS \"sbx $2"' _ "$man" "$c"
	for f in sbx.bash _sbx sbx.fish; do
		check "completion $f knows $c" grep -q -- "$c" "$ROOT_DIR/completions/$f"
	done
	for opt in $("$SBX" --list-options "$c" | cut -f1 | cut -d' ' -f1 | sed 's/=$//'); do
		name=${opt#--}
		check "man page documents $opt ($c)" test "${missing#* $name }" = "$missing"
		check "bash completion offers $opt ($c)" grep -q -- "$opt" "$ROOT_DIR/completions/sbx.bash"
		check "zsh completion offers $opt ($c)" grep -q -- "$opt" "$ROOT_DIR/completions/_sbx"
		check "fish completion offers $opt ($c)" grep -q -- "-l $name" "$ROOT_DIR/completions/sbx.fish"
	done
done

mkdir -p "$T_TMP/comp"
"$ROOT_DIR/build-aux/completions.sh" "$SBX" "$T_TMP/comp"
for f in sbx.bash _sbx sbx.fish; do
	check "completions/$f is current (run 'make completions')" \
		cmp -s "$T_TMP/comp/$f" "$ROOT_DIR/completions/$f"
done
check "bash completion parses" bash -n "$ROOT_DIR/completions/sbx.bash"

# The exit-status table is in the man page and in `run -h`.
for code in 124 125 126 127 137 141 159; do
	check "man page lists exit status $code" grep -q "^$code\b\|^\.B $code\|^\.TP.*$code\|$code" "$man"
done
sbx run -h
expect_out_contains "124 timeout"
finish
