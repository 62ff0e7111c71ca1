#!/bin/sh
# Interpreter start-up through sbx, side by side with the bare interpreters
# and with bwrap / firejail as peers. Medians from hyperfine; ratios against
# the bare interpreter. Goals (issue 33): python <= 1.2x python3 -I,
# Rscript <= 1.05x, Java cached <= 1.3x the precompiled class.
# BASE=/path/to/other/sbx adds its median and SBX/BASE for every sbx row,
# timed in the same rounds (bench/lib.sh).
# Usage: SBX=bin/sbx [BASE=...] bench/interpreters.sh   (RUNS=N to change the count)
set -eu
. "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-30}
tmp=$BENCH_TMP
export XDG_CONFIG_HOME="$tmp/config"

# median NAME COMMAND... — runs hyperfine, prints the median in ms.
median() {
	name=$1
	shift
	hyperfine -N -w 3 -r "$RUNS" --export-json "$tmp/$name.json" "$@" >/dev/null 2>&1 ||
		{ echo "-"; return; }
	jq -r '.results[0].median * 1000 | . * 100 | round / 100' "$tmp/$name.json"
}
# Like median, with a --prepare command run before each timing.
median_prep() {
	name=$1
	prep=$2
	shift 2
	hyperfine -N -w 1 -r "$RUNS" --prepare "$prep" --export-json "$tmp/$name.json" "$@" \
		>/dev/null 2>&1 || { echo "-"; return; }
	jq -r '.results[0].median * 1000 | . * 100 | round / 100' "$tmp/$name.json"
}
# sbx_median BARE_COMMAND COMMAND — sets BARE_MS, SBX_MS and (with BASE)
# BASE_MS: the bare interpreter, sbx and the base build timed in the same
# rounds (bench_group_ms), so their ratios hold on a shared machine.
sbx_median() {
	bcmd=$(bench_base_cmd "$2")
	BASE_MS=""
	if [ -z "$bcmd" ]; then
		set -- $(bench_group_ms "$RUNS" "$1" "$2")
	else
		set -- $(bench_group_ms "$RUNS" "$1" "$2" "$bcmd")
		BASE_MS=$(printf '%s' "$3" | awk '{ printf "%.2f", $1 }')
	fi
	BARE_MS=$(printf '%s' "$1" | awk '{ printf "%.2f", $1 }')
	SBX_MS=$(printf '%s' "$2" | awk '{ printf "%.2f", $1 }')
}
row() { # LABEL MS BASE_MS [SBX_BASE_MS]
	vs=""
	if [ -n "$BASE" ]; then
		vs=$(printf '%10s %10s' "${4:--}" "$(
			[ -n "${4:-}" ] && [ "$2" != "-" ] && echo "$2 $4" | awk '{printf "%.2fx", $1 / $2}' || echo -)")
	fi
	if [ "$2" = "-" ] || [ "$3" = "-" ]; then
		printf '%-44s %10s %8s %s\n' "$1" "$2" "-" "$vs"
	else
		printf '%-44s %10s %7sx %s\n' "$1" "$2" "$(echo "$2 $3" | awk '{printf "%.2f", $1 / $2}')" "$vs"
	fi
}

printf '\n## Interpreters (median of %s runs; load: %s)\n\n' "$RUNS" "$(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "$BASE" ]; then
	printf '%-44s %10s %8s %10s %10s\n' "command" "median ms" "ratio" "BASE ms" "SBX/BASE"
else
	printf '%-44s %10s %8s\n' "command" "median ms" "ratio"
fi

sbx_median "/usr/bin/python3 -I -c 'print(1)'" "$SBX run -l python -e 'print(1)'"
py_base=$BARE_MS
py_sbx=$SBX_MS
py_sbx_base=$BASE_MS
row "python3 -I -c 'print(1)'" "$py_base" "$py_base"
row "sbx run -l python -e 'print(1)'" "$py_sbx" "$py_base" "$py_sbx_base"
if command -v bwrap >/dev/null; then
	py_bwrap=$(median py_bwrap "bwrap --ro-bind /usr /usr --symlink usr/lib /lib \
--symlink usr/lib64 /lib64 --symlink usr/bin /bin --proc /proc --dev /dev --tmpfs /tmp \
--unshare-all --die-with-parent /usr/bin/python3 -I -c 'print(1)'")
	row "bwrap (all namespaces) python3" "$py_bwrap" "$py_base"
fi
if command -v firejail >/dev/null; then
	py_fj=$(median py_fj "firejail --quiet --noprofile --net=none --private-tmp \
/usr/bin/python3 -I -c 'print(1)'")
	row "firejail --net=none python3" "$py_fj" "$py_base"
fi

if command -v Rscript >/dev/null; then
	sbx_median "Rscript --vanilla -e 'cat(1)'" "$SBX run -l r -e 'cat(1)'"
	r_base=$BARE_MS
	r_sbx=$SBX_MS
	r_sbx_base=$BASE_MS
	row "Rscript --vanilla -e 'cat(1)'" "$r_base" "$r_base"
	row "sbx run -l r -e 'cat(1)'" "$r_sbx" "$r_base" "$r_sbx_base"
fi

if command -v java >/dev/null && command -v javac >/dev/null; then
	mkdir -p "$tmp/java/classes"
	printf 'public class Hello {\n  public static void main(String[] a) {\n    System.out.println("hi");\n  }\n}\n' \
		>"$tmp/java/Hello.java"
	javac -d "$tmp/java/classes" "$tmp/java/Hello.java"
	j_src=$(median j_src "java $tmp/java/Hello.java")
	j_cold=$(median_prep j_cold "rm -rf $tmp/state/cache" "$SBX run $tmp/java/Hello.java")
	"$SBX" run "$tmp/java/Hello.java" >/dev/null
	[ -z "$BASE" ] || "$BASE" run "$tmp/java/Hello.java" >/dev/null
	sbx_median "java -cp $tmp/java/classes Hello" "$SBX run $tmp/java/Hello.java"
	j_class=$BARE_MS
	j_cached=$SBX_MS
	j_cached_base=$BASE_MS
	row "java -cp DIR Hello (precompiled)" "$j_class" "$j_class"
	row "java Hello.java (source launcher)" "$j_src" "$j_class"
	row "sbx run Hello.java (cold: javac + run)" "$j_cold" "$j_src"
	row "sbx run Hello.java (cached classes)" "$j_cached" "$j_class" "$j_cached_base"
	echo "(cold is compared with the source launcher, the others with the precompiled class)"
fi
