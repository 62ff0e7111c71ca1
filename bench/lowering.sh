#!/bin/sh
# Lowering benchmark (issue #4): ES5 hello (the fast path), a 30-line modern
# TypeScript snippet cold (transpiled in the sandbox) and cached, and node
# for reference. Uses hyperfine. Usage: SBX=bin/sbx bench/lowering.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
SBX=${SBX:-$root/bin/sbx}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v hyperfine >/dev/null || { echo "bench/lowering.sh: hyperfine is not installed" >&2; exit 1; }

printf 'console.log("hello");\n' >"$tmp/hello.js"
cat >"$tmp/snippet.ts" <<'TS'
interface Point { x: number; y: number }
type Shape = { kind: 'circle'; r: number } | { kind: 'rect'; w: number; h: number };
class Animal {
  constructor(public name: string, private age = 1) {}
  get label(): string { return `${this.name} (${this.age})`; }
  static create(n: string) { return new Animal(n); }
}
class Dog extends Animal {
  bark() { return `${this.name} says woof`; }
}
const area = (s: Shape): number => s.kind === 'circle' ? Math.PI * s.r ** 2 : s.w * s.h;
const shapes: Shape[] = [{ kind: 'circle', r: 1 }, { kind: 'rect', w: 2, h: 3 }];
const total = shapes.map(area).reduce((a, b) => a + b, 0);
const { x, y = 5, ...rest } = { x: 1, z: 3, w: 4 } as any;
const m = new Map<string, number>();
for (const [i, s] of shapes.entries()) m.set(s.kind, i);
function* gen(n: number) { for (let i = 0; i < n; i++) yield i * i; }
const sq = [...gen(4)];
async function main() {
  const d = new Dog('Rex');
  console.log(d.bark(), d.label, Animal.create('Cat').label);
  const vals = await Promise.all([1, 2, 3].map(async v => v * 2));
  console.log(vals, total.toFixed(2), x, y, rest, sq, m.get('rect'));
  const o: any = { a: { b: null } };
  console.log(o?.a?.b ?? 'default', o.c?.d);
  return vals.length;
}
main().then(n => console.log('done', n));
TS
# node runs the same program with the types stripped (by hand: same code).
sed -e 's/: number//g; s/: string//g; s/: Shape\[\]//g; s/(s: Shape)/(s)/; s/ as any//; s/<string, number>//; s/const o: any/const o/' \
	-e '/^interface/d; /^type Shape/d; s/public name, private age = 1/name, age = 1/' "$tmp/snippet.ts" |
	sed 's/constructor(name, age = 1) {}/constructor(name, age = 1) { this.name = name; this.age = age; }/' >"$tmp/snippet.js"

"$SBX" run --state-dir "$tmp/warm" "$tmp/snippet.ts" >/dev/null
hyperfine -N --warmup 3 --runs "${RUNS:-20}" \
	-n "es5 hello (fast path)" "$SBX run --state-dir $tmp/s0 $tmp/hello.js" \
	-n "ts snippet, cold (lowered in the sandbox)" --prepare "rm -rf $tmp/cold" "$SBX run --state-dir $tmp/cold $tmp/snippet.ts" \
	-n "ts snippet, cached" "$SBX run --state-dir $tmp/warm $tmp/snippet.ts" \
	-n "node, same snippet" "node $tmp/snippet.js" \
	--export-json "$tmp/times.json" \
	${HYPERFINE_EXPORT:+--export-markdown "$HYPERFINE_EXPORT"}
# The issue's goals are medians (the mean suffers from a busy machine).
if command -v jq >/dev/null; then
	echo "medians:"
	jq -r '.results[] | "  \(.median * 10000 | round / 10) ms  \(.command)"' "$tmp/times.json"
fi
