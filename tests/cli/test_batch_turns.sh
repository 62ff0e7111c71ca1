#!/bin/sh
# sbx batch's turns (src/batch/batch_pool.c, batch_worker.c): a worker
# prepares its request before it asks for a turn, takes the turn just
# before its sandbox starts and gives it back as soon as the sandbox has
# ended. Whatever the order things finish in: never more than -j programs
# at once, every record in input order, every run in the history (failing
# ones too), a request refused before its sandbox needs no turn, and a
# request with two sandboxes (Java: the compiler, then the program) gets
# two turns.
. "$(dirname "$0")/../lib.sh"

# Each program prints the monotonic clock (ns) when it starts and when it
# ends, after 30 ms of work: the program runs inside its turn, so the
# spans of -j N never overlap more than N deep. Every third one fails.
SPAN='import sys, time
t = time.monotonic_ns()
while time.monotonic_ns() - t < 30000000:
    pass
print(t, time.monotonic_ns())
sys.exit(int(sys.argv[1]))'
code=$(printf '%s' "$SPAN" | jq -Rs .)
i=0
while [ $i -lt 12 ]; do
	printf '{"id":"s%d","language":"python","code":%s,"args":["%d"],"timeout":300}\n' \
		$i "$code" $((i % 3 == 2 ? 3 : 0))
	i=$((i + 1))
done >"$T_TMP/spans.ndjson"
# The deepest overlap of the spans [start, end]: an end before a start at
# the same instant.
DEPTH='[.[] | .stdout | split(" ") | map(tonumber) | [.[0], 1], [.[1], -1]]
  | sort_by(.[0], .[1])
  | reduce .[] as $e ({n: 0, m: 0}; .n += $e[1] | .m = ([.m, .n] | max)) | .m'

for j in 1 2; do
	sbx batch -q -j $j "$T_TMP/spans.ndjson"
	expect_rc 0
	printf '%s\n' "$out" >"$T_TMP/spans$j.out"
	check "-j $j: 12 records in input order" \
		test "$(jq -sc 'map(.request_id) == [range(12) | "s\(.)"]' "$T_TMP/spans$j.out")" = true
	check "-j $j: 8 passed and 4 exited 3" \
		test "$(jq -sc 'map(.exit_code) | [(map(select(. == 0)) | length), (map(select(. == 3)) | length)]' \
			"$T_TMP/spans$j.out")" = '[8,4]'
	depth=$(jq -s "$DEPTH" "$T_TMP/spans$j.out")
	check "-j $j: at most $j programs at once (deepest overlap $depth)" test "$depth" -le $j
	check "-j $j: the programs ran" test "$depth" -ge 1
done

# Every record of both batches is in the history, with its status: the
# history lines are written after the turn is given back, and the batch
# waits for every worker to end.
n=0
for id in $(jq -r .id "$T_TMP/spans1.out" "$T_TMP/spans2.out"); do
	sbx history show "$id" --json
	[ "$rc" -eq 0 ] && [ "$(printf '%s' "$out" | jq -r .id)" = "$id" ] && n=$((n + 1))
done
check "24 runs in the history ($n)" test "$n" -eq 24
check "the history's failures are the 8 failing runs" \
	test "$(jq -r 'select(.exit_code == 3) | .id' "$T_TMP/spans1.out" "$T_TMP/spans2.out" |
		while read -r id; do "$SBX" history show "$id" --json; done |
		jq -s 'map(select(.status == "error" and .exit_code == 3)) | length')" -eq 8

# A request the policy blocks never asks for a turn; with -j 1 the ones
# around it still run, in order. Java's compile and run take a turn each.
cat >"$T_TMP/mixed.ndjson" <<'EOR'
{"id":"a","language":"js","code":"console.log(1)","timeout":300}
{"id":"blocked","language":"js","code":"var o = {}; o.__proto__.admin = true","timeout":300}
{"id":"java","language":"java","code":"public class Main { public static void main(String[] a) { System.out.println(6 * 7); } }","timeout":300}
{"id":"b","language":"python","code":"print(2)","timeout":300}
EOR
sbx batch -q -j 1 --policy strict "$T_TMP/mixed.ndjson"
printf '%s\n' "$out" >"$T_TMP/mixed.out"
check "four records in input order" \
	test "$(jq -sc 'map(.request_id)' "$T_TMP/mixed.out")" = '["a","blocked","java","b"]'
check "the blocked one is blocked" \
	test "$(jq -r 'select(.request_id == "blocked") | .status' "$T_TMP/mixed.out")" = blocked
check "Java compiled and ran (two turns)" \
	test "$(jq -c 'select(.request_id == "java") | [.status, .stdout]' "$T_TMP/mixed.out")" = '["ok","42\n"]'
check "the others ran" \
	test "$(jq -sc 'map(select(.request_id == "a" or .request_id == "b") | .status)' "$T_TMP/mixed.out")" = '["ok","ok"]'
finish
