#!/bin/sh
# Embed the interpreter wrappers (src/engine/prelude/*) in the binary as C strings,
# so sbx is one file and a wrapper can't be swapped on disk between runs.
# Usage: build-aux/gen-prelude.sh OUTDIR   (writes OUTDIR/prelude_*.h)
set -eu
out=${1:?usage: gen-prelude.sh OUTDIR}
src=$(dirname "$0")/../src/engine/prelude
mkdir -p "$out"

# embed FILE SYMBOL: one string literal per line; backslash, quote and '?'
# (trigraphs are on in -std=c11) are escaped.
embed() {
	printf '/* Generated from %s by build-aux/gen-prelude.sh; do not edit. */\n' "$(basename "$1")"
	printf 'static const char %s[] =\n' "$2"
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/\t"/' -e 's/$/\\n"/' "$1"
	printf '\t;\n'
}

for pair in sbx_prelude.py:prelude_python sbx_kernel.py:prelude_python_kernel sbx_prelude.R:prelude_r \
	_SbxLaunch_.java:prelude_java_launcher sbx_prelude_node.js:prelude_node; do
	file=${pair%%:*}
	sym=${pair#*:}
	embed "$src/$file" "$sym" >"$out/$sym.h.tmp"
	mv "$out/$sym.h.tmp" "$out/$sym.h"
done
