#!/bin/sh
# Duktape's Math against V8's (issue 34): 10,000 arguments per function
# (a fixed pseudo-random sweep over each function's usual domain), every
# result printed with 17 significant digits under `sbx run` (Duktape) and
# under node; the share that differs, and by how many units in the last
# place. Duktape calls the C library's libm (glibc); V8 has its own fdlibm
# port (ieee754::), so the two disagree in the last bit on some arguments.
#   sh bench/js_math.sh            (SBX=path/to/sbx to pick the binary)
set -eu
: "${SBX:=$(cd "$(dirname "$0")/.." && pwd)/bin/sbx}"
command -v node >/dev/null 2>&1 || { echo "bench: node is not installed (skipped)"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sbx-math.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/sweep.js" <<'JS'
const fns = ['sin', 'cos', 'tan', 'exp', 'log', 'atan', 'asin', 'acos', 'cbrt'];
let seed = 12345;
function rnd() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; }
const out = [];
for (const name of fns) {
  for (let i = 0; i < 10000; i++) {
    let x;
    if (name === 'asin' || name === 'acos') x = rnd() * 2 - 1;
    else if (name === 'log') x = rnd() * 1000;
    else if (name === 'exp') x = rnd() * 100 - 50;
    else x = rnd() * 200 - 100;
    out.push(name + ' ' + x.toPrecision(17) + ' ' + Math[name](x).toPrecision(17));
  }
}
console.log(out.join('\n'));
JS
(cd "$tmp" && node sweep.js >node.txt)
(cd "$tmp" && "$SBX" run --no-history --state-dir "$tmp/state" -t 120 --max-output 16M sweep.js >sbx.txt)
printf '\n## Math: Duktape (sbx run) vs node, 10,000 arguments each\n\n'
printf '| function | differ | of which 1 ulp | 2+ ulp |\n|---|---|---|---|\n'
/usr/bin/python3 - "$tmp/node.txt" "$tmp/sbx.txt" <<'PY'
import struct, sys
def bits(x):
    return struct.unpack('<q', struct.pack('<d', x))[0]
rows = {}
for a, b in zip(open(sys.argv[1]), open(sys.argv[2])):
    n, s = a.split(), b.split()
    assert n[:2] == s[:2], (n, s)  # the same argument on both sides
    r = rows.setdefault(n[0], [0, 0, 0, 0])
    r[0] += 1
    if n[2] != s[2]:
        r[1] += 1
        r[2 if abs(bits(float(n[2])) - bits(float(s[2]))) == 1 else 3] += 1
for name, (total, diff, one, more) in rows.items():
    print('| %s | %.2f %% | %d | %d |' % (name, 100.0 * diff / total, one, more))
PY
