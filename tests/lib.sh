# tests/lib.sh — sourced by every shell test (tests/cli, tests/escape).
#
#   . "$(dirname "$0")/../lib.sh"
#   sbx run -e '1+1' --json          # runs $SBX; sets $out, $err, $rc
#   expect_rc 0
#   expect_json .result 2            # jq expression, expected JSON value
#   expect_out "text"                # exact stdout
#   check "a description" test -f "$file"
#   finish                           # prints "N passed, N failed"
#
# Each test script gets a fresh state directory and config-free environment.
# No sleeps, no timing assertions: tests are fast and deterministic.

set -u
: "${SBX:=$(cd "$(dirname "$0")/../.." && pwd)/bin/sbx}"
TESTS_DIR=$(cd "$(dirname "$0")/.." && pwd)
ROOT_DIR=$(cd "$TESTS_DIR/.." && pwd)
T_PASS=0
T_FAIL=0
T_NAME=$(basename "$0" .sh)
T_TMP=$(mktemp -d "${TMPDIR:-/tmp}/sbx-test.XXXXXX")
export SBX_STATE_DIR="$T_TMP/state"
export XDG_CONFIG_HOME="$T_TMP/config"
unset SBX_CONFIG
trap 'stop_servers; rm -rf "$T_TMP"' EXIT

# sbx ARGS... — run sbx, capturing stdout, stderr and exit status.
sbx() {
	out=$("$SBX" "$@" 2>"$T_TMP/stderr" </dev/null)
	rc=$?
	err=$(cat "$T_TMP/stderr")
	T_LAST="sbx $*"
}

# sbx_in INPUT ARGS... — the same with INPUT on stdin.
sbx_in() {
	_input=$1
	shift
	out=$(printf '%s' "$_input" | "$SBX" "$@" 2>"$T_TMP/stderr")
	rc=$?
	err=$(cat "$T_TMP/stderr")
	T_LAST="sbx $* (stdin)"
}

_pass() { T_PASS=$((T_PASS + 1)); }
_fail() {
	T_FAIL=$((T_FAIL + 1))
	printf 'FAIL %s: %s\n  command: %s\n' "$T_NAME" "$1" "${T_LAST:-}" >&2
	printf '  rc=%s\n  stdout: %.600s\n  stderr: %.600s\n' "${rc:-}" "${out:-}" "${err:-}" >&2
}

# check DESCRIPTION COMMAND... — passes when COMMAND succeeds.
check() {
	_d=$1
	shift
	if "$@"; then _pass; else _fail "$_d"; fi
}

expect_rc() {
	if [ "$rc" -eq "$1" ]; then _pass; else _fail "exit status $rc, expected $1"; fi
}

# expect_json JQ_EXPR EXPECTED_JSON — compares jq's compact output.
expect_json() {
	_got=$(printf '%s' "$out" | jq -c "$1" 2>/dev/null)
	_want=$(printf '%s' "$2" | jq -c . 2>/dev/null || printf '%s' "$2")
	if [ "$_got" = "$_want" ]; then _pass; else _fail "$1 is '$_got', expected '$_want'"; fi
}

# expect_jq JQ_BOOLEAN_EXPR — passes when the expression is true on $out.
expect_jq() {
	if printf '%s' "$out" | jq -e "$1" >/dev/null 2>&1; then _pass; else _fail "jq: $1"; fi
}

expect_out() {
	if [ "$out" = "$1" ]; then _pass; else _fail "stdout is not '$1'"; fi
}

# expect_err_contains TEXT — sbx's stderr mentions TEXT.
expect_err_contains() {
	case "$err" in
	*"$1"*) _pass ;;
	*) _fail "stderr does not mention '$1'" ;;
	esac
}

expect_out_contains() {
	case "$out" in
	*"$1"*) _pass ;;
	*) _fail "stdout does not mention '$1'" ;;
	esac
}

finish() {
	printf '%s: %d passed, %d failed\n' "$T_NAME" "$T_PASS" "$T_FAIL"
	[ "$T_FAIL" -eq 0 ]
}

# start_server NAME ARGS... — `sbx serve ARGS` in the background, its
# output in $T_TMP/NAME.log, its pid in $T_TMP/NAME.pid (stopped at exit).
# Sets SERVER_URL to the address it writes to its ready FIFO once it
# listens: no sleeps. A server that ends first writes "exited" there
# instead, and the test fails at once instead of waiting. The FIFO is held
# open for reading (fd 9) before either writer exists, so neither line can
# be lost to a reader that opens late; "exited" is written through an
# O_RDWR open, which never blocks, as the server may end long after the
# reader is gone (stop_server).
start_server() {
	_srv=$1
	shift
	mkfifo "$T_TMP/$_srv.ready"
	exec 9<>"$T_TMP/$_srv.ready"
	{
		sh -c 'echo $$ >"$1"; shift; exec "$@"' _ "$T_TMP/$_srv.pid" \
			"$SBX" serve --ready-file "$T_TMP/$_srv.ready" "$@" >"$T_TMP/$_srv.log" 2>&1
		echo exited 1<>"$T_TMP/$_srv.ready"
	} 9<&- &
	echo $! >"$T_TMP/$_srv.job"
	read -r SERVER_URL <&9
	exec 9<&-
	T_SERVERS="${T_SERVERS:-} $_srv"
	if [ "$SERVER_URL" = exited ]; then
		out=$(cat "$T_TMP/$_srv.log") T_LAST="sbx serve $*" _fail "the server did not start"
		finish
		exit 1
	fi
}

# stop_server NAME — stop a server start_server started, and wait for it.
stop_server() {
	[ -f "$T_TMP/$1.pid" ] && kill "$(cat "$T_TMP/$1.pid")" 2>/dev/null
	[ -f "$T_TMP/$1.job" ] && wait "$(cat "$T_TMP/$1.job")" 2>/dev/null
	rm -f "$T_TMP/$1.pid" "$T_TMP/$1.job"
}

stop_servers() {
	for _srv in ${T_SERVERS:-}; do
		stop_server "$_srv"
	done
}

# client_checks WHAT MIN — a client program's PASS/FAIL lines
# ($T_TMP/client.out; its stderr in $T_TMP/client.err, its exit status in
# $client_rc) as this test's checks, then one more: that it exited 0
# having passed at least MIN (a client that died early ran fewer).
client_checks() {
	while IFS= read -r line; do
		case "$line" in
		PASS*) _pass ;;
		FAIL*) out=$line err=$(tail -n 20 "$T_TMP/client.err") _fail "${line#FAIL }" ;;
		esac
	done <"$T_TMP/client.out"
	_n=$(grep -c '^PASS' "$T_TMP/client.out")
	check "$1 ran its checks ($_n passed) and exited 0" test "$client_rc" -eq 0 -a "$_n" -ge "$2"
}

# npm_from_lock SRC NAME PACKAGE — the client a test drives, installed
# from SRC's lock file (tests/SRC/package{,-lock}.json: exact versions,
# integrity hashes) into build/npm-NAME, once per lock file; scripts of
# packages are never run. Sets npm_dir; PACKAGE (under node_modules) says
# whether it is there, for the test to check.
npm_from_lock() {
	npm_dir="$ROOT_DIR/build/npm-$2"
	if ! cmp -s "$ROOT_DIR/tests/$1/package-lock.json" "$npm_dir/package-lock.json" ||
		[ ! -d "$npm_dir/node_modules/$3" ]; then
		_tmp_npm="$npm_dir.tmp.$$"
		rm -rf "$_tmp_npm" && mkdir -p "$_tmp_npm"
		cp "$ROOT_DIR/tests/$1/package.json" "$ROOT_DIR/tests/$1/package-lock.json" "$_tmp_npm/"
		if (cd "$_tmp_npm" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null 2>&1); then
			rm -rf "$npm_dir" && mv "$_tmp_npm" "$npm_dir"
		else
			rm -rf "$_tmp_npm"
		fi
	fi
}
