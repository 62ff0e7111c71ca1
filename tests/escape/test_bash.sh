#!/bin/sh
# Escape tests for shell commands (sbx run -l bash): hostile bash under the
# interpreters' sandbox, with namespaces and with SBX_NO_NAMESPACES=1. Each
# attack prints ESCAPED if it worked and BLOCKED otherwise. bash can run
# every program of the read-only system, so the attacks are those programs
# and bash's own features (/dev/tcp, background jobs, traps).
# No sleeps: the listener reports readiness through a FIFO.
. "$(dirname "$0")/../lib.sh"

mkfifo "$T_TMP/ready"
/usr/bin/python3 -I -c '
import socket, sys, signal
t = socket.socket(); t.bind(("127.0.0.1", 0)); t.listen(8)
with open(sys.argv[1], "w") as f: f.write("%d\n" % t.getsockname()[1])
signal.pause()
' "$T_TMP/ready" </dev/null >/dev/null 2>&1 &
LISTENER=$!
read -r PORT <"$T_TMP/ready"
trap 'kill $LISTENER 2>/dev/null; rm -rf "$T_TMP"' EXIT

SECRET_FILE="$HOME/.sbx-test-secret-$$"
echo "top secret" >"$SECRET_FILE"
trap 'kill $LISTENER 2>/dev/null; rm -f "$SECRET_FILE"; rm -rf "$T_TMP"' EXIT
export SBX_TEST_SECRET="secret-$$"
OUTSIDE="$T_TMP/outside-written"
TOKEN="4243$$"

# attack NAME CODE — runs CODE in bash, expects BLOCKED and no ESCAPED.
attack() {
	_name=$1
	shift
	sbx run -l bash -t 10 --json -e "$1"
	T_LAST="[$MODE] $_name"
	case "$out" in
	*ESCAPED*) _fail "$_name: escaped" ;;
	*BLOCKED*) _pass ;;
	*) _fail "$_name: no verdict (status $(printf '%s' "$out" | jq -r .status 2>/dev/null))" ;;
	esac
}

run_suite() {
	attack "the caller's environment" "env | grep -q '$SBX_TEST_SECRET' && echo ESCAPED || echo BLOCKED"
	attack "read /etc/shadow" "cat /etc/shadow >/dev/null 2>&1 && echo ESCAPED || echo BLOCKED"
	attack "read the caller's home" "cat '$SECRET_FILE' 2>/dev/null | grep -q secret && echo ESCAPED || echo BLOCKED"
	attack "write outside the work directory" "
for p in /usr/sbx-escape /etc/sbx-escape /sbx-escape; do
  (echo x > \$p) 2>/dev/null && { echo ESCAPED \$p; exit; }
done
(echo x > '$OUTSIDE') 2>/dev/null
echo BLOCKED"
	check "[$MODE] nothing written outside (host view)" test ! -e "$OUTSIDE"
	attack "bash's /dev/tcp to the host" "
if (exec 3<>/dev/tcp/127.0.0.1/$PORT) 2>/dev/null; then echo ESCAPED; else echo BLOCKED; fi"
	attack "write in the work directory works" "echo ok > mine.txt && [ \"\$(cat mine.txt)\" = ok ] && echo BLOCKED || echo ESCAPED"
	attack "/proc/1's environment" "
if cat /proc/1/environ 2>/dev/null | tr '\0' '\n' | grep -q '$SBX_TEST_SECRET'; then echo ESCAPED; else echo BLOCKED; fi"
	# A daemon: a background job in its own session, disowned, that
	# would outlive the run. It must be gone when sbx returns.
	before=$(pgrep -fc "sleep $TOKEN" || true)
	attack "daemon is gone afterwards" "
(setsid sleep $TOKEN </dev/null >/dev/null 2>&1 &) 2>/dev/null
nohup sleep $TOKEN </dev/null >/dev/null 2>&1 &
disown
echo daemon up; echo BLOCKED"
	expect_out_contains "daemon up"
	check "[$MODE] the daemon was killed" test "$(pgrep -fc "sleep $TOKEN" || true)" -le "${before:-0}"
	# A fork bomb with a name of its own ($0 of every copy) while the
	# script spins: stopped at the deadline, nothing left behind.
	bomb="sbxshfb$$"
	sbx run -l bash -t 2 --json -e "echo started; bash -c 'f() { f | f & }; f' $bomb; while :; do :; done"
	T_LAST="[$MODE] fork bomb"
	expect_rc 124
	expect_out_contains "started"
	check "[$MODE] fork bomb left nothing" test "$(pgrep -f -c -r R,S,D,T,t "$bomb" || true)" -eq 0
}

MODE=ns
unset SBX_NO_NAMESPACES
run_suite
MODE=nons
export SBX_NO_NAMESPACES=1
run_suite
unset SBX_NO_NAMESPACES

finish
