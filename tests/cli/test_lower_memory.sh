#!/bin/sh
# The lowering's heap (src/engine/js/lower_arena.c) under the run's memory
# limit: its huge-page mapping is counted as it is used, so a limit too
# small for the transpiler ends as memory_limit (never a crash: before the
# mapping, 16 and 18 MiB ended in SIGSEGV with a peak above the limit), and
# a limit that fits gives the program's output. The first snippet has a
# namespace, so TypeScript's compiler (not the subset lowering) lowers it.
. "$(dirname "$0")/../lib.sh"

cat >"$T_TMP/snippet.ts" <<'TS'
namespace Zoo { export const size: number = 1; }
class Animal {
  constructor(public name: string, private age = 1) {}
  get label(): string { return `${this.name} (${this.age})`; }
}
const m = new Map<string, number>([['a', 1]]);
function* gen(n: number) { for (let i = 0; i < n; i++) yield i * i; }
async function main() { return [...gen(3), ...m.values()].length; }
main().then(n => console.log(new Animal('Rex').label, n + Zoo.size - 1));
TS

for limit in 12M 16M 18M 24M; do
	rm -rf "$T_TMP/st"
	sbx run --timeout 300 --memory "$limit" --state-dir "$T_TMP/st" "$T_TMP/snippet.ts" --json
	expect_jq '.status == "memory_limit" or .status == "ok"'
	expect_jq '.memory_kb.peak <= .memory_kb.limit'
done

rm -rf "$T_TMP/st"
sbx run --timeout 300 --memory 64M --state-dir "$T_TMP/st" "$T_TMP/snippet.ts" --json
expect_json .status '"ok"'
expect_json .stdout '"Rex (1) 4\n"'

# The subset lowering (src/engine/js/lower/subset.js on acorn) lowers plain
# modern JavaScript in a few MiB where TypeScript's compiler needs ~28: at
# 8M such a snippet runs (a generator too), while one with a #private
# field, which only the TypeScript route lowers, ends as memory_limit.
cat >"$T_TMP/modern.js" <<'JS'
class Store {
  constructor(items = []) { this.items = [...items]; }
  get value() { return this.items.reduce((s, { price, qty }) => s + price * qty, 0); }
}
const s = new Store([{ price: 2, qty: 3 }, { price: 1.5, qty: 2 }]);
const fns = [];
for (const { price } of s.items) fns.push(() => `${price ?? 0}`);
console.log(s.value, fns.map(f => f()).join(','), s.items[9]?.price ?? 'none', 2 ** 3);
JS
rm -rf "$T_TMP/st"
sbx run --timeout 300 --memory 8M --state-dir "$T_TMP/st" "$T_TMP/modern.js" --json
expect_json .status '"ok"'
expect_json .stdout '"9 2,1.5 none 8\n"'
printf 'function* g() { yield 1; }\nconsole.log([...g()].length);\n' >"$T_TMP/gen.js"
rm -rf "$T_TMP/st"
sbx run --timeout 300 --memory 8M --state-dir "$T_TMP/st" "$T_TMP/gen.js" --json
expect_json .status '"ok"'
expect_json .stdout '"1\n"'
# compiler_only FILE OUT: FILE needs TypeScript's compiler, so it ends as
# memory_limit at 8M and prints OUT at 64M.
compiler_only() {
	rm -rf "$T_TMP/st"
	sbx run --timeout 300 --memory 8M --state-dir "$T_TMP/st" "$1" --json
	expect_json .status '"memory_limit"'
	rm -rf "$T_TMP/st"
	sbx run --timeout 300 --memory 64M --state-dir "$T_TMP/st" "$1"
	expect_out "$2"
}
printf 'class C { #n = 1; get n() { return this.#n; } }\nconsole.log(new C().n);\n' >"$T_TMP/private.js"
compiler_only "$T_TMP/private.js" 1

# TypeScript takes the subset lowering too (acorn's TypeScript plugin and
# subset_ts.js: the types blanked, parameter properties written out), so
# a typed snippet (an enum too) runs at 8M; a namespace, which only
# TypeScript's compiler lowers, does not.
cat >"$T_TMP/typed.ts" <<'TS'
interface Item { price: number; qty?: number }
type Pair = [string, number];
class Shelf<T extends Item> implements Iterable<T> {
  constructor(private readonly items: T[] = [], public label = 'shelf') {}
  get total(): number { return this.items.reduce((s, i) => s + i.price * (i.qty ?? 1), 0); }
  [Symbol.iterator]() { return this.items[Symbol.iterator](); }
}
const shelf = new Shelf<Item>([{ price: 2, qty: 3 }, { price: 1.5 }]);
const p = <Pair>['n', shelf.total];
enum Unit { Piece = 1, Box = 12 }
console.log(shelf.label, p, shelf.total as number, [...shelf].length!, Unit[12]);
TS
rm -rf "$T_TMP/st"
sbx run --timeout 300 --memory 8M --state-dir "$T_TMP/st" "$T_TMP/typed.ts" --json
expect_json .status '"ok"'
expect_json .stdout '"shelf [ '"'n'"', 7.5 ] 7.5 2 Box\n"'
printf 'namespace N { export const a: number = 1; }\nconsole.log(N.a);\n' >"$T_TMP/ns.ts"
compiler_only "$T_TMP/ns.ts" 1

finish
