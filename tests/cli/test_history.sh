#!/bin/sh
# The execution history: what a run records, --no-history, many writers at
# once (and readers among them), and a database that is locked, damaged,
# read-only or not a file: a run never opens it, so its output and exit code
# never depend on it; the reader (sbx stats) reports the trouble, and the
# records wait in history.log until they can be imported.
. "$(dirname "$0")/../lib.sh"

db="$SBX_STATE_DIR/history.db"
log="$SBX_STATE_DIR/history.log"

# no_warning — sbx's stderr holds no warning and no error of its own.
no_warning() {
	case "$err" in
	*"sbx: warning"* | *"not recorded"* | *"history"*) return 1 ;;
	*) return 0 ;;
	esac
}

# import — sbx stats, which imports history.log into the database.
import() {
	sbx stats --json
	expect_rc 0
}

# sql QUERY — one value from the history database (python3's sqlite3).
sql() {
	python3 -c 'import sqlite3, sys
c = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
r = c.execute(sys.argv[2]).fetchone()
print("" if r is None or r[0] is None else r[0])' "$db" "$1"
}

# --- one run, recorded ---
sbx run --json --label team=search --label ticket=42 -e 'console.log("hi"); throw new Error("boom")'
expect_rc 1
id=$(printf '%s' "$out" | jq -r .id)
hash=$(printf '%s' "$out" | jq -r .code_sha256)
check "the state directory is created mode 0700" test "$(stat -c %a "$SBX_STATE_DIR")" = 700
check "the run appended one line" test "$(wc -l <"$log")" -eq 1
check "history.log is mode 0600" test "$(stat -c %a "$log")" = 600
check "the run did not open the database" test ! -e "$db"
import
expect_json .total 1
check "the import emptied the log" test ! -e "$log"
check "one record" test "$(sql 'SELECT count(*) FROM executions')" = 1
check "the record has the run's id" test "$(sql 'SELECT id FROM executions')" = "$id"
check "the record has the code hash" test "$(sql 'SELECT code_sha256 FROM executions')" = "$hash"
check "status error, exit code 1" \
	test "$(sql "SELECT status || ':' || exit_code || ':' || ok FROM executions")" = "error:1:0"
check "the error is kept" \
	test "$(sql "SELECT error_name || ': ' || error_message FROM executions")" = "Error: boom"
check "the code is kept" \
	test "$(sql 'SELECT code_head FROM executions')" = 'console.log("hi"); throw new Error("boom")'
check "stdout size is kept" test "$(sql 'SELECT stdout_bytes FROM executions')" = 3
check "the labels are kept" \
	test "$(sql "SELECT group_concat(key || '=' || value, ',') FROM (SELECT * FROM labels ORDER BY key)")" = "team=search,ticket=42"
check "WAL mode" test "$(sql 'PRAGMA journal_mode')" = wal

# --- --no-history ---
sbx run --no-history -e '1+1'
expect_rc 0
check "--no-history writes no line" test ! -e "$log"
import
check "--no-history records nothing" test "$(sql 'SELECT count(*) FROM executions')" = 1

# --- the config switch ---
printf 'history:\n  enabled: false\n' >"$T_TMP/off.yaml"
sbx run --config "$T_TMP/off.yaml" -e '1+1'
expect_rc 0
check "history.enabled: false writes no line" test ! -e "$log"
import
check "history.enabled: false records nothing" test "$(sql 'SELECT count(*) FROM executions')" = 1

# --- a long program keeps its first 500 characters ---
long=$(python3 -c 'print("x = 1;" * 200, end="")')
sbx run -e "$long"
import
check "the first 500 characters of the code" \
	test "$(sql 'SELECT length(code_head) || ":" || code_bytes FROM executions ORDER BY seq DESC LIMIT 1')" = "500:1200"

# --- 200 writers at once leave exactly 200 records ---
# 200 runs on two cores (and under ASan in CI) can take longer than the
# default 5 s wall clock each; the history is the subject here, not the
# timeout, so every run gets the maximum.
export SBX_STATE_DIR="$T_TMP/parallel"
i=0
while [ "$i" -lt 200 ]; do
	"$SBX" run --timeout 300 -e 1 >/dev/null 2>>"$T_TMP/parallel.err" </dev/null &
	i=$((i + 1))
done
wait
sbx stats --json
expect_rc 0
expect_json .total 200
expect_json .succeeded 200
check "no parallel run warned" test ! -s "$T_TMP/parallel.err"

# --- 200 writers and 20 importers at once: every record once ---
export SBX_STATE_DIR="$T_TMP/mixed"
i=0
while [ "$i" -lt 200 ]; do
	"$SBX" run --timeout 300 -e 1 >/dev/null 2>>"$T_TMP/mixed.err" </dev/null &
	if [ $((i % 10)) -eq 0 ]; then
		"$SBX" stats --json >/dev/null 2>>"$T_TMP/mixed.err" </dev/null &
	fi
	i=$((i + 1))
done
wait
sbx stats --json
expect_rc 0
expect_json .total 200
check "no run or import warned" test ! -s "$T_TMP/mixed.err"
check "nothing is left to import" test ! -e "$SBX_STATE_DIR/history.log" -a ! -e "$SBX_STATE_DIR/history.log.importing"
check "nothing was rejected" test ! -e "$SBX_STATE_DIR/history.log.rejected"

# --- a locked database: the run is untouched; stats says so; nothing is lost ---
export SBX_STATE_DIR="$T_TMP/locked"
db="$SBX_STATE_DIR/history.db"
sbx run -e 1
import
mkfifo "$T_TMP/ready" "$T_TMP/release"
python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN EXCLUSIVE")
open(sys.argv[2], "w").close()   # tell the test the lock is held
open(sys.argv[3]).read()         # until the test says so
c.execute("ROLLBACK")' "$db" "$T_TMP/ready" "$T_TMP/release" &
locker=$!
cat "$T_TMP/ready" >/dev/null
sbx run -e 'console.log("still here"); throw new Error("mine")'
expect_rc 1
expect_out "still here"
expect_err_contains "mine"
check "the locked database cost the run no warning" no_warning
sbx stats
expect_rc 125
expect_err_contains "history.db"
expect_err_contains "locked"
: >"$T_TMP/release"
wait "$locker"
check "the locked import left the record waiting" \
	test "$(cat "$SBX_STATE_DIR/history.log.importing" "$SBX_STATE_DIR/history.log" 2>/dev/null | wc -l)" -eq 1
import
expect_json .total 2
expect_json .failed 1

# --- a damaged database: the same, and nothing is overwritten ---
export SBX_STATE_DIR="$T_TMP/corrupt"
mkdir -m 700 "$SBX_STATE_DIR"
head -c 8192 /dev/urandom >"$SBX_STATE_DIR/history.db"
before=$(sha256sum <"$SBX_STATE_DIR/history.db")
sbx run -e '40 + 2'
expect_rc 0
expect_out 42
check "the damaged database cost the run no warning" test -z "$err"
sbx run -e 'throw new Error("x")'
expect_rc 1
sbx stats
expect_rc 125
expect_err_contains "history.db"
expect_err_contains "move it aside"
sbx gc
expect_rc 125
expect_err_contains "history.db"
check "the damaged file is left as it was" test "$(sha256sum <"$SBX_STATE_DIR/history.db")" = "$before"
mv "$SBX_STATE_DIR/history.db" "$SBX_STATE_DIR/history.db.damaged"
import
expect_json .total 2
expect_json .failed 1

# --- history.db is not a file at all: runs never open it ---
export SBX_STATE_DIR="$T_TMP/notafile"
mkdir -m 700 "$SBX_STATE_DIR" "$SBX_STATE_DIR/history.db"
sbx run -e '40 + 2'
expect_rc 0
expect_out 42
check "a history.db no one can open cost the run no warning" test -z "$err"
sbx stats
expect_rc 125
expect_err_contains "history.db"
expect_err_contains "not a file"
rmdir "$SBX_STATE_DIR/history.db"
import
expect_json .total 1

# --- crash safety: an importer killed after its rename, a torn last line ---
export SBX_STATE_DIR="$T_TMP/crash"
log="$SBX_STATE_DIR/history.log"
sbx run -e 1
sbx run -e 2
mv "$log" "$log.importing" # as an importer killed before its commit leaves it
cp "$log.importing" "$T_TMP/imported-lines"
sbx run -e 3
printf '{"v":1,"id":"torn-by-a-kill' >>"$log"
sbx stats --json
expect_rc 0
expect_json .total 3
expect_err_contains "history.log.importing:2: an incomplete last record"
check "the torn line is kept" test "$(cat "$log.rejected")" = '{"v":1,"id":"torn-by-a-kill'
check "nothing is left to import" test ! -e "$log" -a ! -e "$log.importing"
# Killed after its commit, before its unlink: the lines come again, once.
cp "$T_TMP/imported-lines" "$log.importing"
sbx run -e 4
import
expect_json .total 4
check "the re-import warned of nothing" test -z "$err"

# --- a read-only database ---
# Root ignores file modes: drop to nobody for the run when root.
ro="$T_TMP/ro"
mkdir -m 755 "$ro"
export SBX_STATE_DIR="$ro/state"
sbx run -e 1
import
chmod 555 "$SBX_STATE_DIR"
chmod 444 "$SBX_STATE_DIR"/history.db*
chmod 755 "$T_TMP"
as_user=""
[ "$(id -u)" -eq 0 ] && as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
# A checkout in a private home directory is out of nobody's reach: run a
# copy of the binary (it is static) from the test's own directory.
ro_sbx=$SBX
if ! $as_user test -x "$ro_sbx"; then
	ro_sbx="$T_TMP/sbx-copy"
	cp "$SBX" "$ro_sbx"
	chmod 755 "$ro_sbx"
fi
if $as_user test -x "$ro_sbx"; then
	out=$($as_user "$ro_sbx" run -e 'console.log("ro"); 40 + 2' 2>"$T_TMP/ro.err" </dev/null)
	rc=$?
	err=$(cat "$T_TMP/ro.err")
	T_LAST="sbx run (read-only history)"
	expect_rc 0
	expect_out "ro
42"
	expect_err_contains "not recorded"
	expect_err_contains "writable"
	out=$($as_user "$ro_sbx" stats --json 2>"$T_TMP/ro.err" </dev/null)
	rc=$?
	err=$(cat "$T_TMP/ro.err")
	T_LAST="sbx stats (read-only history)"
	expect_rc 0
	expect_json .total 1
else
	# The checkout is not reachable by nobody (a private home directory).
	T_LAST="the read-only history test's binary"
	check "nobody can execute $ro_sbx (or a copy in $T_TMP)" false
fi
chmod -R u+w "$ro"

# --- export: another machine's history gets this one's records ------------
# Two nodes' histories into one: labels and output heads come along, a
# second import counts them as already there, SINCE limits the export.
OTHER="$T_TMP/other-node"
SBX_STATE_DIR="$OTHER" "$SBX" run -l python --label node=other --label team=x -e 'print("from the other node")' >/dev/null
SBX_STATE_DIR="$OTHER" "$SBX" run -l js --label node=other -e 'throw new Error("x")' >/dev/null 2>&1
SBX_STATE_DIR="$OTHER" "$SBX" history export >"$T_TMP/other.ndjson" 2>"$T_TMP/export.err"
check "export: one JSON record a line, both runs" test "$(jq -s 'length' "$T_TMP/other.ndjson")" = 2
check "export says how many" grep -q "exported 2 records" "$T_TMP/export.err"
check "export keeps labels and output heads" \
	jq -se '.[0].labels == {"node": "other", "team": "x"} and .[0].stdout == "from the other node\n"' "$T_TMP/other.ndjson"
sbx history import "$T_TMP/other.ndjson"
expect_rc 0
expect_err_contains "imported 2 records"
sbx history import "$T_TMP/other.ndjson"
expect_err_contains "imported 0 records from $T_TMP/other.ndjson, 2 already in the history"
sbx stats --label node=other --json
expect_jq '.total == 2'
id=$(jq -r 'select(.language == "python") | .id' "$T_TMP/other.ndjson")
sbx history show "$id" --json
expect_jq '.labels.team == "x" and .stdout == "from the other node\n"'
SBX_STATE_DIR="$OTHER" "$SBX" history export 2099-01-01 >"$T_TMP/none.ndjson" 2>/dev/null
check "export SINCE a time after every run: nothing" test ! -s "$T_TMP/none.ndjson"
sbx history export soon
expect_rc 125
expect_err_contains "invalid time for history export"
finish
