#!/bin/sh
# sbx session exec of a one-line expression against sbx run of the same
# (hyperfine), for Python, R and Java, then the cost of saving a session
# that holds a 10 MB data frame, in Python and R (the kernel's own
# measure, from `sbx session get --json`).
#
#   SBX=bin/sbx bench/session.sh [RUNS]     (default 20 runs per command)
set -eu
: "${SBX:=$(cd "$(dirname "$0")/.." && pwd)/bin/sbx}"
RUNS=${1:-20}
command -v hyperfine >/dev/null || { echo "bench: install hyperfine" >&2; exit 1; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sbx-bench.XXXXXX")
export SBX_STATE_DIR="$TMP/state"
export XDG_CONFIG_HOME="$TMP/config"
unset SBX_CONFIG
# hyperfine, then each command's median (the loaded machine's spread makes
# the mean a poor summary).
hf() {
	hyperfine -N --export-json "$TMP/hf.json" "$@"
	jq -r '.results[] | "median \(.command): \(.median * 1000 | floor) ms"' "$TMP/hf.json"
}
trap 'for s in bench benchr benchj; do "$SBX" session delete $s >/dev/null 2>&1; done; rm -rf "$TMP"' EXIT

"$SBX" session create -n bench >/dev/null
hf --warmup 2 --runs "$RUNS" \
	-n "run python -e 1" "'$SBX' run -l python -e 1 --no-history" \
	-n "session exec -e 1" "'$SBX' session exec bench -e 1 --no-history"
if "$SBX" session exec bench -t 120 -e 'import pandas as pd, numpy as np
df = pd.DataFrame(np.random.rand(655360, 2))' >/dev/null 2>&1; then
	"$SBX" session exec bench -t 120 -e '1' >/dev/null # waits for the save
	"$SBX" session get bench --json |
		jq -r '"save of a 10 MB data frame: \(.last_save_ms | floor) ms, \(.last_save_bytes) bytes"'
else
	echo "bench: pandas is not installed, the data frame's save is skipped" >&2
fi

# R and Java: each when its interpreter is installed.
if command -v Rscript >/dev/null; then
	"$SBX" session create -l r -n benchr >/dev/null
	hf --warmup 2 --runs "$RUNS" \
		-n "run r -e 1" "'$SBX' run -l r -t 300 -e 1 --no-history" \
		-n "session exec (r) -e 1" "'$SBX' session exec benchr -t 300 -e 1 --no-history"
	"$SBX" session exec benchr -t 120 -e 'df <- data.frame(a = runif(655360), b = runif(655360))' >/dev/null
	"$SBX" session exec benchr -t 120 -e '1' >/dev/null # waits for the save
	"$SBX" session get benchr --json |
		jq -r '"R: save of a 10 MB data frame: \(.last_save_ms | floor) ms, \(.last_save_bytes) bytes"'
	"$SBX" session stop benchr >/dev/null
	hf --runs 1 -n "session exec (r) after stop: restore" \
		"'$SBX' session exec benchr -t 120 -e 'nrow(df)' --no-history"
fi
if command -v java >/dev/null; then
	"$SBX" session create -l java -n benchj >/dev/null
	hf --warmup 2 --runs "$RUNS" \
		-n "run java -e println" "'$SBX' run -l java -t 300 -e 'System.out.println(1);' --no-history" \
		-n "session exec (java) -e println" \
		"'$SBX' session exec benchj -t 300 -e 'System.out.println(1);' --no-history"
fi
