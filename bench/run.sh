#!/bin/sh
# make bench: every benchmark side by side, medians and ratios. Not a test:
# numbers vary with the machine; compare ratios within one run.
set -u
cd "$(dirname "$0")/.."
: "${SBX:=$PWD/bin/sbx}"
export SBX
echo "# sbx benchmarks — $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(uname -r)"
for b in startup js engines lowering interpreters compiled history deploy prepare batch serve warm haproxy session session_files e2b; do
	[ -f "bench/$b.sh" ] && sh "bench/$b.sh"
done
exit 0
