#!/bin/sh
# A session's files API (issue 29): get and put of a 50 MiB file, on the
# command line and over sbx serve's unix socket with curl, side by side
# with cat and cp of the same file. All rows are timed in the same rounds
# (bench_group_ms). Usage: SBX=bin/sbx bench/session_files.sh   (RUNS=N)
set -eu
. "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-12}
tmp=$BENCH_TMP
export XDG_CONFIG_HOME="$tmp/config"
export SBX_STATE_DIR="$tmp/state"
command -v curl >/dev/null || { echo "bench/session_files: curl is missing: skipped"; exit 0; }

head -c $((50 << 20)) /dev/urandom >"$tmp/big"
id=$("$SBX" session create -l python)
"$SBX" session files "$id" put "$tmp/big" big
rm -f "$tmp/ready"
mkfifo "$tmp/ready"
"$SBX" serve --listen "unix:$tmp/s.sock" --max-body 64M --ready-file "$tmp/ready" 2>/dev/null &
srv=$!
head -n 1 "$tmp/ready" >/dev/null
trap 'kill "$srv" 2>/dev/null; "$SBX" session delete "$id" >/dev/null 2>&1' EXIT
url="http://sbx/v1/sessions/$id/files?path"

ratio() { echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2fx", $1 / $2; else print "-" }'; }
line() { printf '%-58s %10.2f %8s\n' "$1" "$2" "$3"; }

printf '\n## Session files, 50 MiB (median of %s runs; load: %s)\n\n' "$RUNS" \
	"$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-58s %10s %8s\n' "command" "median ms" "ratio"
set -- $(bench_group_ms "$RUNS" "cat $tmp/big" \
	"$SBX session files $id get big -" \
	"curl -s --unix-socket $tmp/s.sock -o /dev/null $url=big")
line "cat big" "$1" "1.00x"
line "sbx session files ID get big -" "$2" "$(ratio "$2" "$1")"
line "curl GET /v1/sessions/ID/files?path=big (unix socket)" "$3" "$(ratio "$3" "$1")"
set -- $(bench_group_ms "$RUNS" "cp $tmp/big $tmp/copy" \
	"$SBX session files $id put $tmp/big big2" \
	"curl -s --unix-socket $tmp/s.sock -o /dev/null -X PUT --data-binary @$tmp/big $url=big3")
line "cp big copy" "$1" "1.00x"
line "sbx session files ID put big big2" "$2" "$(ratio "$2" "$1")"
line "curl PUT /v1/sessions/ID/files?path=big3 (unix socket)" "$3" "$(ratio "$3" "$1")"
