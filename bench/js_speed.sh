#!/bin/sh
# Where Duktape is slowest against V8 (issue 34): four kernels timed inside
# the program (Date.now around each, so neither engine's start-up counts),
# under `sbx run` (Duktape) and under node. One run each: the ratios are
# large enough that load does not change the picture.
#   sh bench/js_speed.sh            (SBX=path/to/sbx to pick the binary)
set -eu
: "${SBX:=$(cd "$(dirname "$0")/.." && pwd)/bin/sbx}"
command -v node >/dev/null 2>&1 || { echo "bench: node is not installed (skipped)"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sbx-speed.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/kernels.js" <<'JS'
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
const times = [];
function timed(name, fn) { const t = Date.now(); fn(); times.push(name + '|' + (Date.now() - t)); }
timed('calls: fib(25)', () => fib(25));
timed('string +=, 200,000 chars', () => { let s = ''; for (let i = 0; i < 200000; i++) s += String.fromCharCode(97 + i % 26); });
timed('sort of 200,000 numbers', () => { const a = []; for (let i = 0; i < 200000; i++) a.push((i * 7919) % 100003); a.sort((x, y) => x - y); });
timed('Map get/set, 100,000', () => { const m = new Map(); for (let i = 0; i < 100000; i++) m.set('k' + (i % 5000), (m.get('k' + (i % 5000)) || 0) + 1); });
console.log(times.join('\n'));
JS
(cd "$tmp" && node kernels.js >node.txt)
(cd "$tmp" && "$SBX" run --no-history --state-dir "$tmp/state" -t 300 kernels.js >sbx.txt)
printf '\n## JavaScript kernels: Duktape (sbx run) vs node, ms\n\n| kernel | node | Duktape | ratio |\n|---|---|---|---|\n'
paste -d'|' "$tmp/node.txt" "$tmp/sbx.txt" | awk -F'|' '{ r = $2 > 0 ? sprintf("%.0f×", $4 / $2) : "-"; printf "| %s | %d | %d | %s |\n", $1, $2, $4, r }'
