#!/bin/sh
# The TypeScript transpiler runs inside the sandboxed child on untrusted
# input (issue #4): input that makes it slow or huge must end like any
# other runaway program — timeout or memory_limit — with the limits of the
# run, and never crash sbx or leave a poisoned cache entry.
. "$(dirname "$0")/../lib.sh"

# Huge: 60,000 declarations; the compiler's AST alone outgrows 32 MiB.
awk 'BEGIN { for (i = 0; i < 60000; i++) printf "const v%d: number = %d * 2;\n", i, i }' >"$T_TMP/huge.ts"
sbx run --json -m 32M -t 20 "$T_TMP/huge.ts"
expect_jq '.status == "memory_limit" or .status == "timeout"'
check "no cache entry for a failed lowering" test -z "$(ls "$SBX_STATE_DIR/cache/js" 2>/dev/null)"

# Slow: the same under a short deadline and a roomy heap.
sbx run --json -m 512M -t 0.3 "$T_TMP/huge.ts"
expect_json .status '"timeout"'
expect_rc 124

# Deep nesting: recursion in the parser ends in an error record (or a
# limit), not in a crash of the child or of sbx.
awk 'BEGIN { s = ""; for (i = 0; i < 20000; i++) s = s "["; for (i = 0; i < 20000; i++) s = s "]"; print "const a = " s ";" }' >"$T_TMP/deep.js"
sbx run --json -t 10 "$T_TMP/deep.js"
expect_jq '.status == "error" or .status == "memory_limit" or .status == "timeout"'
expect_jq '.signal == null'

# Exponential-looking types cost the transpiler nothing: types are not checked.
printf 'type A<T> = [T, T];\ntype B = A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<A<number>>>>>>>>>>>>>>>>;\nconst x = 1 as unknown as B;\nconsole.log("ok");\n' >"$T_TMP/types.ts"
sbx run --json -t 10 "$T_TMP/types.ts"
expect_json .status '"ok"'

# TypeScript 5 syntax (TS 4.9-5.x) lowers, in the sandbox like all else.
sbx run --json -l ts -e 'const p = { a: [1, 2], b: "x" } satisfies Record<string, number[] | string>;
console.log(p.a.length, p.b.toUpperCase());'
expect_json .stdout '"2 X\n"'
sbx run --json -l ts -e 'class C { accessor n = 1; static accessor k = 2 }
const c = new C(); c.n += 40; console.log(c.n + C.k, Object.keys(c).length);'
expect_json .stdout '"43 0\n"'
sbx run --json -l ts -e 'function tup<const T extends readonly unknown[]>(...xs: T): T { return xs; }
console.log(tup(1, "a", true).length);'
expect_json .stdout '"3\n"'
# TC39 decorators (TypeScript 5's default), not experimentalDecorators.
sbx run --json -l ts -e 'function tag(v: any, ctx: ClassMethodDecoratorContext) {
  return function (this: any, ...a: any[]) { return ctx.kind + ":" + String(ctx.name) + "=" + v.apply(this, a); };
}
class K { @tag twice(x: number) { return 2 * x; } }
console.log(new K().twice(21));'
expect_json .stdout '"method:twice=42\n"'
# Parameter decorators exist only under experimentalDecorators: refused
# (TypeScript would drop them silently).
sbx run --json -l ts -e 'function inject(...a: any[]) {}
class S { constructor(@inject x: number) {} }'
expect_rc 1
expect_json .error.line 2
expect_jq '.error.message | test("parameter decorators are not supported")'
# ... and the same syntax in a .js program is the SyntaxError node gives.
sbx run --json -e 'const q = [1] satisfies number[];'
expect_rc 1
expect_json .error.name '"SyntaxError"'
expect_jq '.error.message | test("only be used in TypeScript files")'

# Types are not checked at all (the compiler emits without a type-check
# pass): a type error is no error, and costs nothing.
sbx run --json -l ts -e 'const n: number = "not a number" as string; console.log(n);'
expect_json .status '"ok"'
expect_json .stdout '"not a number\n"'

finish
