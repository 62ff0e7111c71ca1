#!/bin/sh
# JavaScript's two engines on CPU-heavy code (issue 17): the same program
# under Duktape (the default), under `sbx run --engine node` and under a
# bare node, side by side. Heavy runs are few (BENCH_HEAVY_RUNS, default 3):
# a Duktape run takes seconds to minutes.
. "$(dirname "$0")/lib.sh"

if ! command -v node >/dev/null 2>&1; then
	printf '\n## JavaScript engines on CPU-heavy code: node is not installed (skipped)\n'
	exit 0
fi
HEAVY_RUNS=${BENCH_HEAVY_RUNS:-3}

# A 20M-iteration loop, and a Recamán sequence as models write it (an
# Array.includes per term: quadratic, 12k terms).
cat >"$BENCH_TMP/loop.js" <<'JS'
let s = 0;
for (let i = 0; i < 20000000; i++) s = (s + i * i) % 1000003;
console.log(s);
JS
cat >"$BENCH_TMP/recaman.js" <<'JS'
const seq = [0];
for (let i = 1; i < 12000; i++) {
	const back = seq[i - 1] - i;
	seq.push(back > 0 && !seq.includes(back) ? back : seq[i - 1] + i);
}
console.log(seq[seq.length - 1]);
JS

# heavy_ms 'command' — "WALL CPU": the median wall time of HEAVY_RUNS runs
# (one warm-up) and their mean CPU time (user + system, the sandboxed
# children included), in ms. Under load the CPU time is the steadier one.
heavy_ms() {
	hyperfine -N --warmup 1 --runs "$HEAVY_RUNS" --export-json "$BENCH_TMP/h.json" "$1" \
		>/dev/null 2>&1 || { echo "nan nan"; return; }
	jq -r '.results[0] | "\(.median * 1000) \((.user + .system) * 1000)"' "$BENCH_TMP/h.json"
}

printf '\n## JavaScript engines on CPU-heavy code (median of %s runs; load: %s)\n\n' \
	"$HEAVY_RUNS" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '| %-12s | %-22s | %12s | %12s |\n' "program" "how" "median wall ms" "mean CPU ms"
printf '|%s|%s|%s|%s|\n' "--------------" "------------------------" "----------------" "--------------"
for p in loop recaman; do
	f=$BENCH_TMP/$p.js
	for row in "bare node|node $f" \
		"sbx run --engine node|$SBX run --engine node --timeout 300 --no-history $f" \
		"sbx run (Duktape)|$SBX run --timeout 300 --no-history $f"; do
		# shellcheck disable=SC2046
		set -- $(heavy_ms "${row#*|}")
		printf '| %-12s | %-22s | %14.0f | %12.0f |\n' "$p.js" "${row%%|*}" "$1" "$2"
	done
done

# The start: what --engine node costs on a hello.
IFS='
'
# shellcheck disable=SC2086
bench_table "JavaScript hello: the engines' start" \
	"node -e 0|node -e 0" \
	"sbx run -e '1+1' (Duktape)|$SBX run -e 1+1 --no-history" \
	"sbx run --engine node -e '1+1'|$SBX run --engine node -e 1+1 --no-history"
unset IFS

# The automatic choice (src/run/engine_choice.c): a BigInt program runs
# under node with no --engine, at --engine node's cost; ordinary code pays
# only the scan that decides (make bench BASE=<an sbx without it> puts the
# two side by side).
cat >"$BENCH_TMP/bigfact.js" <<'JS'
let f = 1n;
for (let i = 2n; i <= 300n; i++) f *= i;
console.log(String(f).length);
JS
cat >"$BENCH_TMP/plain.js" <<'JS'
const words = ["listen", "silent", "enlist", "google", "cat", "act"];
const groups = {};
for (const w of words) (groups[[...w].sort().join("")] ||= []).push(w);
console.log(Object.values(groups).filter((g) => g.length > 1));
JS
IFS='
'
# shellcheck disable=SC2086
bench_table "JavaScript engine choice: BigInt code goes to node by itself" \
	"sbx run --engine node bigfact.js|$SBX run --engine node --no-history $BENCH_TMP/bigfact.js" \
	"sbx run bigfact.js (node, chosen)|$SBX run --no-history $BENCH_TMP/bigfact.js" \
	"sbx run plain.js (Duktape)|$SBX run --no-history $BENCH_TMP/plain.js"
unset IFS
