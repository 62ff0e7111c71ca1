#!/bin/sh
# Where a run's start-up goes, phase by phase and language by language
# (issue 33): SBX_PROFILE=1 (src/util/profile.h) marks each phase's end;
# the table shows each phase's median length over STARTUP_RUNS runs
# (default 20), so a regression names its phase. "code ended (exit)" is
# the interpreter's whole life after the gate (or after the exec of an
# ungated one): its start, the prelude, the code and its exit.
. "$(dirname "$0")/lib.sh"
RUNS=${STARTUP_RUNS:-20}

mkdir -p "$BENCH_TMP/p"
printf 'public class Hello {\n  public static void main(String[] a) {\n    System.out.println("hi");\n  }\n}\n' \
	>"$BENCH_TMP/Hello.java"
printf 'console.log("hello");\n' >"$BENCH_TMP/hello.js"

# profile LANG ARGS... — RUNS profiled runs; each phase's lengths go to
# $BENCH_TMP/p/LANG (lines "PHASE<TAB>MS"), its phases in order to .order.
profile() {
	_l=$1
	shift
	: >"$BENCH_TMP/p/$_l"
	"$SBX" "$@" >/dev/null 2>&1 || { echo "startup: $_l did not run: sbx $*" >&2; return; }
	_i=0
	while [ "$_i" -lt "$RUNS" ]; do
		SBX_PROFILE=1 "$SBX" "$@" 2>&1 >/dev/null |
			sed -nE 's/^sbx profile: (.*[^ ]) +([0-9]+\.[0-9]+) +[0-9]+\.[0-9]+$/\1\t\2/p' \
				>>"$BENCH_TMP/p/$_l"
		_i=$((_i + 1))
	done
	cut -f1 "$BENCH_TMP/p/$_l" | awk '!seen[$0]++' >>"$BENCH_TMP/p/.order"
}

: >"$BENCH_TMP/p/.order"
langs=""
profile python run -l python -e 'print(1)' --no-history && langs="$langs python"
command -v Rscript >/dev/null 2>&1 && profile r run -l r -e 'cat(1)' --no-history && langs="$langs r"
command -v javac >/dev/null 2>&1 && profile java run "$BENCH_TMP/Hello.java" --no-history &&
	langs="$langs java"
profile javascript run "$BENCH_TMP/hello.js" --no-history && langs="$langs javascript"

printf '\n## Start-up by phase (SBX_PROFILE=1; median ms of %s runs; load: %s)\n\n' \
	"$RUNS" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '| %-24s |' "phase"
for l in $langs; do printf ' %10s |' "$l"; done
printf '\n|%s|' "--------------------------"
for l in $langs; do printf '%s|' "------------"; done
printf '\n'
awk '!seen[$0]++' "$BENCH_TMP/p/.order" | while IFS= read -r phase; do
	printf '| %-24s |' "$phase"
	for l in $langs; do
		awk -F '\t' -v p="$phase" '$1 == p { v[++n] = $2 } END {
			if (!n) { printf " %10s |", "-"; exit }
			for (i = 2; i <= n; i++) { x = v[i]; j = i - 1
				while (j > 0 && v[j] > x) { v[j + 1] = v[j]; j-- } v[j + 1] = x }
			m = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
			printf " %10.3f |", m }' "$BENCH_TMP/p/$l"
	done
	printf '\n'
done
