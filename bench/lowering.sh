#!/bin/sh
# Lowering benchmark (issue #17): a 30-line modern TypeScript snippet and a
# plain ES2020 one, each under node, under sbx cold (lowered in the
# sandbox: a fresh state directory, so no cached lowering) and cached; the
# ES5 hello (no lowering) for reference; then where a cold lowering spends
# its time (build/lowertime: load the transpiler's bytecode, run its set-up,
# transform the snippet). Medians, and CPU time beside the wall clock; the
# load average is printed because other processes stretch every figure.
# Usage: SBX=bin/sbx [RUNS=20] bench/lowering.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
SBX=${SBX:-$root/bin/sbx}
LOWERTIME=${LOWERTIME:-$root/build/lowertime}
RUNS=${RUNS:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v hyperfine >/dev/null || { echo "bench/lowering.sh: hyperfine is not installed" >&2; exit 1; }
command -v jq >/dev/null || { echo "bench/lowering.sh: jq is not installed" >&2; exit 1; }

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
# Plain ES2020, no types, no generators or async: what most snippets are.
cat >"$tmp/es2020.js" <<'JS'
const inventory = [
  { name: 'apple', kind: 'fruit', price: 1.25, qty: 10 },
  { name: 'carrot', kind: 'vegetable', price: 0.5, qty: 25 },
  { name: 'banana', kind: 'fruit', price: 0.75, qty: 0 },
  { name: 'leek', kind: 'vegetable', price: 2.1, qty: 4, meta: { origin: 'FR' } },
];
class Store {
  constructor(items = []) { this.items = [...items]; }
  get value() { return this.items.reduce((s, { price, qty }) => s + price * qty, 0); }
  byKind() {
    const groups = {};
    for (const item of this.items) (groups[item.kind] ??= []).push(item.name);
    return groups;
  }
  static from(list) { return new Store(list.filter(i => i.qty > 0)); }
}
const store = Store.from(inventory);
const { fruit = [], vegetable: veg = [] } = store.byKind();
const label = (i) => `${i.name.padEnd(8)} ${(i.price * i.qty).toFixed(2)} ${i.meta?.origin ?? '--'}`;
const lines = store.items.map(label);
const total = Math.round(store.value * 100) / 100;
const counts = new Map(Object.entries({ fruit: fruit.length, veg: veg.length }));
let summary = '';
for (const [k, v] of counts) summary += `${k}:${v} `;
const cheapest = [...store.items].sort((a, b) => a.price - b.price)[0];
const merged = { ...cheapest, sold: true };
const uniq = [...new Set(inventory.map(i => i.kind))];
console.log(lines.join('\n'));
console.log(total, summary.trim(), merged.name, merged.sold, uniq);
console.log([1, 2, 3].includes(2), Object.fromEntries([['a', 1]]), 2 ** 10);
JS

# Both must print what node prints, or the timing compares different work.
for f in snippet es2020; do
	src=$tmp/$f.js
	[ "$f" = snippet ] && src=$tmp/snippet.ts
	node "$tmp/$f.js" >"$tmp/$f.node"
	"$SBX" run --timeout 300 --state-dir "$tmp/warm" "$src" >"$tmp/$f.sbx"
	cmp -s "$tmp/$f.node" "$tmp/$f.sbx" || echo "bench/lowering.sh: warning: sbx and node print differently for $f" >&2
done

printf '\n## Lowering: modern snippets cold and cached (median of %s runs; load average %s)\n\n' \
	"$RUNS" "$(cut -d' ' -f1-3 /proc/loadavg)"
# hyperfine takes one --prepare per command when any has one.
hyperfine -N --warmup 2 --runs "$RUNS" \
	-n "node, ts snippet (types stripped)" --prepare true "node $tmp/snippet.js" \
	-n "sbx, ts snippet, cold" --prepare "rm -rf $tmp/cold" "$SBX run --state-dir $tmp/cold --timeout 300 $tmp/snippet.ts" \
	-n "sbx, ts snippet, cached" --prepare true "$SBX run --state-dir $tmp/warm --timeout 300 $tmp/snippet.ts" \
	-n "node, es2020 snippet" --prepare true "node $tmp/es2020.js" \
	-n "sbx, es2020 snippet, cold" --prepare "rm -rf $tmp/cold" "$SBX run --state-dir $tmp/cold --timeout 300 $tmp/es2020.js" \
	-n "sbx, es2020 snippet, cached" --prepare true "$SBX run --state-dir $tmp/warm --timeout 300 $tmp/es2020.js" \
	-n "sbx, es5 hello (no lowering)" --prepare true "$SBX run --state-dir $tmp/s0 $tmp/hello.js" \
	--export-json "$tmp/times.json" >"$tmp/hyperfine.out" 2>&1 ||
	{ cat "$tmp/hyperfine.out" >&2; exit 1; }
# The issue's goals: cold <= 0.3x node, cached <= 5 ms. CPU: user + system
# of the command and its children (hyperfine's mean), which a busy machine
# stretches far less than the wall clock.
printf '| %-36s | %10s | %8s | %12s |\n' "command" "median ms" "CPU ms" "x node"
printf '|%s|%s|%s|%s|\n' "--------------------------------------" "------------" "----------" "--------------"
jq -r '.results[] | [.command, .median * 1000, (.user + .system) * 1000] | @tsv' "$tmp/times.json" |
	awk -F '\t' '/^node/ { base = $2 } { r = (base > 0 && $1 !~ /hello/) ? sprintf("%.2fx", $2 / base) : "-";
		printf "| %-36s | %10.1f | %8.1f | %12s |\n", $1, $2, $3, r }'

if [ -x "$LOWERTIME" ]; then
	printf '\n## Where a cold lowering spends its time (build/lowertime, median of 9 fresh processes, ms)\n\n'
	printf '| %-17s | %-5s | %8s | %8s | %10s | %8s | %8s |\n' "snippet" "clock" "load" "init" "transform" "total" "again"
	printf '|%s|%s|%s|%s|%s|%s|%s|\n' "-------------------" "-------" "----------" "----------" "------------" "----------" "----------"
	for f in snippet.ts subset:snippet.ts es2020.js subset:es2020.js; do
		opt=
		case $f in subset:*) opt=--subset ;; esac
		# shellcheck disable=SC2086
		if out=$("$LOWERTIME" $opt "$tmp/${f#subset:}" 9 2>&1); then
			printf '%s\n' "$out" | awk -v f="$f" '{ printf "| %-17s | %-5s | %8.1f | %8.1f | %10.1f | %8.1f | %8.1f |\n", f, $1, $3, $5, $7, $3 + $5 + $7, $9 }'
		else
			printf '| %-17s | %s |\n' "$f" "$(printf '%s' "$out" | head -n 1)"
		fi
	done
	echo
	echo "load: duk_load_function() of the transpiler's bytecode; init: its set-up (TypeScript's modules,"
	echo "or acorn's for subset:); transform: parse, transforms and printing of the snippet (cpu: process"
	echo "CPU time); again: the same transform in the same heap, what a session's kernel pays (it keeps"
	echo "the heap). subset: is the subset lowering (acorn + src/engine/js/lower/subset.js; for TypeScript"
	echo "acorn's TypeScript plugin + subset_ts.js) that is tried first; TypeScript's compiler lowers what"
	echo "it leaves (a row of a snippet it leaves says why instead of figures)."
else
	echo "bench/lowering.sh: $LOWERTIME is missing (make build/lowertime): no load/transform split" >&2
fi
