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

finish
