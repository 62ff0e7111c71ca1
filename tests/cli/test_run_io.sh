#!/bin/sh
# The program's streams, stdin, inputs, environment and arguments:
# interleaving when stdout and stderr are one file, --merge-output,
# --stdin -, --inputs @-, --env, arguments after --.
. "$(dirname "$0")/../lib.sh"

# ---- interleaving ----
cat >"$T_TMP/il.py" <<'PY'
import sys
for i in range(4):
    print("out", i)
    print("err", i, file=sys.stderr)
sys.stdout.write("part")
n = sys.stderr.write("ial\n")
PY
want='out 0
err 0
out 1
err 1
out 2
err 2
out 3
err 3
partial'
# One file for both: python3's own order. Its stdout is a pipe or a file
# there, which python3 block-buffers: the err lines come first, the out
# lines at exit. (A clean environment: no PYTHONUNBUFFERED from the caller.)
native=$(cd "$T_TMP" && env -i PATH=/usr/bin:/bin LANG=C.UTF-8 python3 il.py 2>&1)
"$SBX" run "$T_TMP/il.py" >"$T_TMP/both" 2>&1 </dev/null
rc=$?
out=$(cat "$T_TMP/both")
T_LAST="sbx run il.py >both 2>&1"
expect_rc 0
check "the same bytes as python3 with 2>&1 to a file" test "$out" = "$native"
check "python3 block-buffers there: stderr first" test "${native%%
*}" = "err 0"

# One pipe for both (the usual 2>&1 | less or $(...)): the same.
out=$("$SBX" run "$T_TMP/il.py" 2>&1 </dev/null)
check "the same bytes as python3 with 2>&1 to a pipe" test "$out" = "$native"

# --json streams and keeps the writes as they happen (-u): see
# --merge-output below for the order.

# JavaScript, Java and R keep their order too.
out=$("$SBX" run -e 'for (var i = 0; i < 3; i++) { console.log("o" + i); console.error("e" + i); }' 2>&1 </dev/null)
expect_out 'o0
e0
o1
e1
o2
e2'
out=$("$SBX" run -l java -e 'public class Main { public static void main(String[] a) {
  for (int i = 0; i < 3; i++) { System.out.println("o" + i); System.err.println("e" + i); } } }' 2>&1 </dev/null)
expect_out 'o0
e0
o1
e1
o2
e2'
out=$("$SBX" run -l r -e 'for (i in 0:2) { cat("o", i, "\n", sep = ""); message("e", i) }' 2>&1 </dev/null)
expect_out 'o0
e0
o1
e1
o2
e2'

# Separate files: each stream gets its own, the record says so.
sbx run "$T_TMP/il.py"
expect_out 'out 0
out 1
out 2
out 3
part'
check "stderr alone holds the err lines" test "$(grep -c '^err' "$T_TMP/stderr")" -eq 4
sbx run "$T_TMP/il.py" --json
expect_json .merged_output false
expect_json .stderr '"err 0\nerr 1\nerr 2\nerr 3\nial\n"'

# --merge-output: one stream in the record as well, in order.
sbx run "$T_TMP/il.py" --merge-output --json
expect_rc 0
expect_json .merged_output true
expect_json .stdout '"out 0\nerr 0\nout 1\nerr 1\nout 2\nerr 2\nout 3\nerr 3\npartial\n"'
expect_json .stderr '""'
expect_json .truncated.stderr_bytes 0
# ... and in ndjson, as stdout events in the program's order.
sbx run "$T_TMP/il.py" --merge-output --format ndjson
got=$(printf '%s\n' "$out" | jq -rj 'select(.event == "stdout" or .event == "stderr") | .data')
check "ndjson events keep the order" test "$got" = "$want"
check "ndjson has no stderr events" test "$(printf '%s\n' "$out" | jq -r 'select(.event == "stderr") | .event' | wc -l)" -eq 0
# A traceback goes into the one stream too.
sbx run -l python -e 'print("a"); 1/0' --merge-output --json
expect_rc 1
expect_jq '.stdout | startswith("a\nTraceback")'
expect_json .stderr '""'

# ---- --stdin - ----
out=$(printf 'hello\nworld\n' | "$SBX" run -l python -e 'import sys
print(sys.stdin.read().upper(), end="")' --stdin - 2>"$T_TMP/stderr")
rc=$?
expect_rc 0
expect_out 'HELLO
WORLD'
# From a file, at sbx's own offset (what a shared descriptor would see).
printf 'one\ntwo\n' >"$T_TMP/lines"
out=$({ read -r first; "$SBX" run -l python -e 'import sys; print(sys.stdin.read().strip())' --stdin -; } <"$T_TMP/lines")
expect_out 'two'
# R and Java read it too.
out=$(printf '3\n4\n' | "$SBX" run -l r -e 'x <- as.numeric(readLines(file("stdin"))); cat(sum(x), "\n")' --stdin -)
expect_out '7 '
out=$(printf 'abc' | "$SBX" run -l java -e 'public class Main { public static void main(String[] a) throws Exception {
  System.out.println(new String(System.in.readAllBytes()).toUpperCase()); } }' --stdin -)
expect_out 'ABC'
# The code itself from stdin: stdin cannot be the program's input too.
sbx_in 'print(1)' run -l python - --stdin -
expect_rc 125
expect_err_contains "--stdin - cannot read it too"
sbx_in '{"a":1}' run -l python -e '1' --stdin - --inputs @-
expect_rc 125
expect_err_contains "both read standard input"

# ---- --inputs @- ----
sbx_in '{"x": 20, "s": "t"}' run -l python -e 'inputs["x"] * 2 + len(inputs["s"])' --inputs @- --json
expect_rc 0
expect_json .result 41
sbx_in '{"x": 1}' run -e 'inputs.x + inputs.y' --inputs @- -i y=2 --json
expect_json .result 3
sbx_in '[1]' run -e '1' --inputs @-
expect_rc 125
expect_err_contains "must be a JSON object"
sbx_in '{"x": 1}' run - --inputs @-
expect_rc 125
expect_err_contains "--inputs @- cannot read it too"

# ---- --env ----
sbx run -l python -e 'import os; (os.environ["GREETING"], os.environ["LANG"], "SBX_STATE_DIR" in os.environ)' --env GREETING=hi --env LANG=C --json
expect_json .result '["hi", "C", false]'
sbx run -l r -e 'Sys.getenv("A_B")' --env A_B=x=y --json
expect_json .result '"x=y"'
sbx run -l java -e 'public class Main { public static void main(String[] a) { System.out.print(System.getenv("K")); } }' --env K=v --json
expect_json .stdout '"v"'
sbx run -e 'process.env.K + "," + Object.keys(process.env).length' --env K=v --env K=w --json
expect_json .result '"w,1"'
for bad in 1X=a X-Y=a =a NOEQUALS; do
	sbx run -l python -e 1 --env "$bad"
	expect_rc 125
	expect_err_contains "--env"
done
for reserved in LD_PRELOAD=/x PATH=/x HOME=/ PYTHONPATH=/x JAVA_TOOL_OPTIONS=-x TMPDIR=/x; do
	sbx run -l python -e 1 --env "$reserved"
	expect_rc 125
	expect_err_contains "cannot be given"
done

# ---- program arguments after -- ----
sbx run -l python -e 'import sys; sys.argv[1:]' --json -- a 'b c' --json -x
expect_rc 0
expect_json .result '["a", "b c", "--json", "-x"]'
sbx run -l r -e 'commandArgs(trailingOnly = TRUE)' --json -- 1 two
expect_json .result '["1", "two"]'
sbx run -l r -e 'length(commandArgs(trailingOnly = TRUE))' --json
expect_json .result 0
sbx run -l java -e 'public class Main { public static void main(String[] args) { System.out.print(String.join("|", args) + args.length); } }' --json -- x 'y z'
expect_json .stdout '"x|y z2"'
sbx run -e '[args, process.argv]' --json -- p q
expect_json .result '[["p","q"],["node","[eval]","p","q"]]'
sbx run -e 'args.length' --json
expect_json .result 0
# A -- that is an option's value is not the start of the arguments.
sbx run -l python -e 'import sys; sys.argv[1:]' --json --label k=-- -- z
expect_json .result '["z"]'

# process.exit ends a JavaScript run with its status.
sbx run -e 'console.log("a"); process.exit(4); console.log("b")' --json
expect_rc 4
expect_json .exit_code 4
expect_json .stdout '"a\n"'

# ---- options that do not apply are errors, never ignored ----
echo data >"$T_TMP/data.txt"
for o in "--stdin $T_TMP/data.txt" "--file $T_TMP/data.txt" "--out-dir $T_TMP/o"; do
	# shellcheck disable=SC2086
	sbx run -e 1 $o
	expect_rc 125
	expect_err_contains "does not apply to javascript"
done
sbx run -l ts -e '1' --file "$T_TMP/data.txt"
expect_rc 125
expect_err_contains "does not apply to typescript"

# deploy does not store what belongs to one call (and may be secret).
sbx deploy -n d1 -l python -e 1 --env K=v
expect_rc 125
expect_err_contains "--env is not stored"
sbx deploy -n d1 -l python -e 1 -- a
expect_rc 125
expect_err_contains "not stored in a deployment"
sbx deploy -n d1 -l python -e 'import sys, os; [sys.argv[1:], os.environ.get("K")]'
expect_rc 0
sbx exec-deployment d1 --env K=v --json -- a b
expect_rc 0
expect_json .result '[["a","b"],"v"]'

finish
