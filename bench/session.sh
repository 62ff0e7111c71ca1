#!/bin/sh
# Sessions: `sbx session exec` of a one-line expression against `sbx run`
# of the same and the process floors, per language, side by side in one
# hyperfine run each; then a restore (an exec of a session stopped just
# before: daemon, kernel and saved state) against `sbx run`, per language
# with the difference ("restore vs run"); then the same execution through the HTTP API with a
# keep-alive client (one curl process sending N requests on one connection
# over the unix socket; each request's time from -w '%{time_total}'); then
# the cost of saving a 10 MB data frame in Python and R (the kernel's own
# measure, from `sbx session get --json`). Between the restore and the API:
# a second language's first execution in a live workspace.
#
#   SBX=bin/sbx bench/session.sh [RUNS]     (default 30 runs per command)
#   BASE=/path/to/other/sbx SBX=bin/sbx bench/session.sh [RUNS]
#
# With BASE, the other binary's session exec (CLI, and API through its own
# server) runs in the same hyperfine run and the same curl loop: a before
# and after side by side under the same load. Both binaries are copied
# first, so a rebuild during the run does not break it.
#
# Medians (a loaded machine's spread makes the mean a poor summary), with
# /proc/loadavg before and after each table: compare binaries side by side
# (SBX=/path/to/other/sbx) at the same moment, not across hours. A
# language whose interpreter is missing is skipped with a note.
set -eu
: "${SBX:=$(cd "$(dirname "$0")/.." && pwd)/bin/sbx}"
RUNS=${1:-30}
for t in hyperfine jq curl; do
	command -v $t >/dev/null || { echo "bench: install $t" >&2; exit 1; }
done
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sbx-bench.XXXXXX")
cp "$SBX" "$TMP/sbx"
SBX="$TMP/sbx"
BASE=${BASE:-}
if [ -n "$BASE" ]; then
	cp "$BASE" "$TMP/sbx-base"
	BASE="$TMP/sbx-base"
fi
export SBX_STATE_DIR="$TMP/state"
export XDG_CONFIG_HOME="$TMP/config"
unset SBX_CONFIG
SRV="" SRVB=""
cleanup() {
	for p in $SRV $SRVB; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null; done
	for s in $("$SBX" session list --json 2>/dev/null | jq -r '.[].id'); do
		"$SBX" session delete "$s" >/dev/null 2>&1
	done
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

load() { echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"; }
# hf ARGS... — hyperfine, then each command's median.
hf() {
	hyperfine -N --style none --export-json "$TMP/hf.json" "$@" >/dev/null 2>&1 ||
		{ echo "bench: hyperfine failed: $*" >&2; return 0; }
	jq -r '.results[] | "  \(.command): median \(.median * 1000 * 100 | floor / 100) ms"' "$TMP/hf.json"
}

# language | session create flags | one-line expression | interpreter needed
LANGS='python||x = 1|
javascript|-l javascript|1 + 1|
typescript|-l typescript|1 + 1|
r|-l r|x <- 1|Rscript
java|-l java|int x = 1;|java'

echo "sbx: $SBX ($("$SBX" --version))${BASE:+; base: $BASE}"
printf '%s\n' "$LANGS" | while IFS='|' read -r lang flags expr need; do
	if [ -n "$need" ] && ! command -v "$need" >/dev/null; then
		echo "== $lang: skipped ($need is not installed)"
		continue
	fi
	# shellcheck disable=SC2086
	"$SBX" session create $flags -n "b$lang" >/dev/null
	"$SBX" session exec "b$lang" -t 300 -e "$expr" >/dev/null # warm
	set -- -n "session exec (CLI)" "$SBX session exec b$lang -t 300 -e '$expr'"
	if [ -n "$BASE" ]; then
		# shellcheck disable=SC2086
		"$BASE" session create $flags -n "c$lang" >/dev/null
		"$BASE" session exec "c$lang" -t 300 -e "$expr" >/dev/null
		set -- "$@" -n "session exec (CLI), base" "$BASE session exec c$lang -t 300 -e '$expr'"
	fi
	echo "== $lang"
	load
	hf --warmup 3 --runs "$RUNS" \
		-n "/bin/true" "/bin/true" \
		-n "sbx --version" "$SBX --version" "$@" \
		-n "run" "$SBX run -l $lang -t 300 -e '$expr'"
	load
done

# Restore: `session exec` of a session stopped just before (hyperfine's
# --prepare), i.e. the daemon and kernel started and the saved state
# loaded, against `sbx run` of the same expression; then the difference.
# The goal (issue 14): a restore costs about one run plus the loading.
echo "== restore after 'session stop' vs run"
printf '%s\n' "$LANGS" | while IFS='|' read -r lang flags expr need; do
	"$SBX" session get "b$lang" >/dev/null 2>&1 || continue
	set -- -n "restore ($lang)" --prepare "$SBX session stop b$lang" \
		"$SBX session exec b$lang -t 300 -e '$expr'"
	if [ -n "$BASE" ]; then
		set -- "$@" -n "restore ($lang), base" --prepare "$BASE session stop c$lang" \
			"$BASE session exec c$lang -t 300 -e '$expr'"
	fi
	load
	rm -f "$TMP/hf.json"
	hf --runs "$RUNS" "$@" -n "run ($lang)" --prepare /bin/true \
		"$SBX run -l $lang -t 300 -e '$expr'"
	# Each restore (this binary's, then BASE's) against the run (last).
	jq -r '.results[-1].median as $run | .results[:-1][] | ((.median - $run) * 1000) as $d |
		"  \(.command) vs run: \(if $d < 0 then "-" else "+" end)" +
		"\($d | fabs * 10 | round / 10) ms, " +
		"\(.median / $run * 100 | floor / 100)x"' "$TMP/hf.json" 2>/dev/null || true
done
load

# A workspace's second language (issue 29): the first execution in R of a
# live Python session (its R kernel starts then, lazily) against a fresh R
# session's first (create, whose daemon starts the kernel, then the
# execution) and a run; the same for Python after R. Each sample gets a
# new session (hyperfine's --prepare).
echo "== a second language's first execution in a live workspace"
for pair in "python r x <- 1" "r python x = 1"; do
	# shellcheck disable=SC2086
	set -- $pair
	own=$1 second=$2
	shift 2
	expr=$*
	if ! command -v Rscript >/dev/null; then
		echo "  skipped (Rscript is not installed)"
		break
	fi
	renew="$SBX session delete w2 >/dev/null 2>&1; $SBX session create -n w2 -l $own >/dev/null"
	load
	hf --runs "$RUNS" \
		-n "$second after $own: session exec -l $second (kernel started lazily)" \
		--prepare "sh -c '$renew'" "$SBX session exec w2 -l $second -t 300 -e '$expr'" \
		-n "fresh $second session: create + first exec" \
		--prepare "sh -c '$SBX session delete w1 >/dev/null 2>&1; true'" \
		"sh -c \"$SBX session create -n w1 -l $second >/dev/null && $SBX session exec w1 -t 300 -e '$expr'\"" \
		-n "run -l $second" --prepare /bin/true "$SBX run -l $second -t 300 -e '$expr'"
done
"$SBX" session delete w1 >/dev/null 2>&1 || true
"$SBX" session delete w2 >/dev/null 2>&1 || true
load

# The HTTP API: a server on a unix socket (BASE's on another), one curl
# process, N requests on one keep-alive connection.
serve() { # BINARY NAME: starts it, prints its pid
	mkfifo "$TMP/ready-$2"
	"$1" serve --listen "unix:$TMP/$2.sock" --ready-file "$TMP/ready-$2" 2>"$TMP/$2.log" &
	echo $! >"$TMP/$2.pid"
	timeout 60 head -n 1 "$TMP/ready-$2" >/dev/null
}
serve "$SBX" serve
SRV=$(cat "$TMP/serve.pid")
if [ -n "$BASE" ]; then
	serve "$BASE" base
	SRVB=$(cat "$TMP/base.pid")
fi
N=$((RUNS * 3))
# keepalive SOCKET SESSION EXPR LABEL
keepalive() {
	body=$(jq -cn --arg c "$3" '{code: $c, timeout: 300}' | sed 's/\\/\\\\/g; s/"/\\"/g')
	: >"$TMP/curl.cfg"
	i=0
	while [ $i -lt $N ]; do
		[ $i -gt 0 ] && echo next >>"$TMP/curl.cfg"
		printf 'unix-socket = "%s"\nsilent\noutput = "/dev/null"\nwrite-out = "%%{http_code} %%{time_total}\\n"\nrequest = "POST"\nheader = "Content-Type: application/json"\ndata = "%s"\nurl = "http://sbx/v1/sessions/%s/executions"\n' \
			"$1" "$body" "$2" >>"$TMP/curl.cfg"
		i=$((i + 1))
	done
	curl -K "$TMP/curl.cfg" >"$TMP/curl.out" || true
	bad=$(awk '$1 != 200' "$TMP/curl.out" | wc -l)
	sed 1d "$TMP/curl.out" | awk '{print $2 * 1000}' | sort -n |
		awk -v l="$4" -v bad="$bad" '{a[NR] = $1} END {
			printf "  session exec (API) %s: median %.2f ms (p10 %.2f, p90 %.2f)%s\n", l,
				a[int((NR + 1) / 2)], a[int(NR / 10) + 1], a[int(NR * 9 / 10)],
				(bad > 0 ? ", " bad " not 200" : "") }'
}
echo "== the HTTP API, keep-alive ($N requests on one connection; the first is left out)"
load
printf '%s\n' "$LANGS" | while IFS='|' read -r lang flags expr need; do
	"$SBX" session get "b$lang" >/dev/null 2>&1 || continue
	keepalive "$TMP/serve.sock" "b$lang" "$expr" "$lang"
	if [ -n "$BASE" ]; then
		keepalive "$TMP/base.sock" "c$lang" "$expr" "$lang, base"
	fi
done
load

# What a save costs when the state is large.
if "$SBX" session exec bpython -t 120 -e 'import pandas as pd, numpy as np
df = pd.DataFrame(np.random.rand(655360, 2))' >/dev/null 2>&1; then
	"$SBX" session exec bpython -t 120 -e '1' >/dev/null # after the save
	"$SBX" session get bpython --json |
		jq -r '"python: save of a 10 MB data frame: \(.last_save_ms | floor) ms, \(.last_save_bytes) bytes"'
else
	echo "python: pandas is not installed, the data frame's save is skipped"
fi
if "$SBX" session get br >/dev/null 2>&1; then
	"$SBX" session exec br -t 120 -e 'df <- data.frame(a = runif(655360), b = runif(655360))' >/dev/null
	"$SBX" session exec br -t 120 -e '1' >/dev/null
	"$SBX" session get br --json |
		jq -r '"r: save of a 10 MB data frame: \(.last_save_ms | floor) ms, \(.last_save_bytes) bytes"'
fi
