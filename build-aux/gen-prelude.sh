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

# The Python prelude is one program written as four files, one job each
# (the set-up; rich results; hints; starting the code). Rich results and
# hints are embedded as the text _SBX_LAZY, compiled by the prelude only
# when a run needs them (see _sbx_lazy): compiling them cost every run
# ~2.5 ms. The text is a raw string in triple single quotes: it must hold
# none.
if cat "$src/sbx_prelude_rich.py" "$src/sbx_prelude_hint.py" | grep -q "'''"; then
	echo "gen-prelude.sh: sbx_prelude_rich.py or sbx_prelude_hint.py holds three single quotes in a row: use double quotes there" >&2
	exit 1
fi
{
	cat "$src/sbx_prelude.py"
	printf "_SBX_LAZY = r'''"
	cat "$src/sbx_prelude_rich.py" "$src/sbx_prelude_hint.py"
	printf "'''\n\n\n"
	cat "$src/sbx_prelude_main.py"
} >"$out/sbx_prelude_py.tmp"
embed "$out/sbx_prelude_py.tmp" prelude_python >"$out/prelude_python.h.tmp"
rm -f "$out/sbx_prelude_py.tmp"
mv "$out/prelude_python.h.tmp" "$out/prelude_python.h"

# The Java kernel is one source file (the JVM's source launcher runs one)
# written as two: the kernel, then its JSON (no imports of its own).
cat "$src/SbxKernel.java" "$src/SbxKernelJson.java" >"$out/SbxKernel_java.tmp"
embed "$out/SbxKernel_java.tmp" prelude_java_kernel >"$out/prelude_java_kernel.h.tmp"
rm -f "$out/SbxKernel_java.tmp"
mv "$out/prelude_java_kernel.h.tmp" "$out/prelude_java_kernel.h"

for pair in sbx_kernel.py:prelude_python_kernel sbx_prelude.R:prelude_r sbx_kernel.R:prelude_r_kernel \
	_SbxLaunch_.java:prelude_java_launcher sbx_prelude_node.js:prelude_node; do
	file=${pair%%:*}
	sym=${pair#*:}
	embed "$src/$file" "$sym" >"$out/$sym.h.tmp"
	mv "$out/$sym.h.tmp" "$out/$sym.h"
done
