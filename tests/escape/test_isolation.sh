#!/bin/sh
# Escape tests for the interpreter sandbox (isolate_*.c, landlock.c, cgroup.c,
# seccomp_interp.c): hostile Python that must be contained, run twice — with
# namespaces, and with SBX_NO_NAMESPACES=1 (Landlock + seccomp + cgroup or
# subreaper). Each attack prints ESCAPED if it worked and BLOCKED otherwise;
# the test also checks the result's `sandbox` field says what was in force.
# No sleeps: the listeners report readiness through FIFOs.
. "$(dirname "$0")/../lib.sh"

if ! command -v python3 >/dev/null 2>&1 || [ ! -x /usr/bin/python3 ]; then
	echo "test_isolation: 0 passed, 0 failed (python3 not installed: skipped)"
	exit 0
fi

# A TCP listener and an abstract UNIX listener on the host, for the code to
# try to reach. They print their address into a FIFO once listening.
mkfifo "$T_TMP/ready"
/usr/bin/python3 -I -c '
import socket, sys, signal
t = socket.socket(); t.bind(("127.0.0.1", 0)); t.listen(8)
u = socket.socket(socket.AF_UNIX); u.bind("\0sbx-test-" + sys.argv[1]); u.listen(8)
with open(sys.argv[2], "w") as f: f.write("%d\n" % t.getsockname()[1])
signal.pause()  # until the test kills it
' "$$" "$T_TMP/ready" </dev/null >/dev/null 2>&1 &
LISTENER=$!
read -r PORT <"$T_TMP/ready"
trap 'kill $LISTENER 2>/dev/null; rm -rf "$T_TMP"' EXIT

# A secret in the invoking user's home and in this shell's environment.
SECRET_FILE="$HOME/.sbx-test-secret-$$"
echo "top secret" >"$SECRET_FILE"
export SBX_TEST_SECRET="secret-$$"
OUTSIDE="$T_TMP/outside-written"
TOKEN="4242$$"

# attack NAME CODE — runs CODE, expects BLOCKED and no ESCAPED.
attack() {
	_name=$1
	shift
	sbx run -l python -t 10 --json -i "pid=$$" -i "port=$PORT" -i "home=$SECRET_FILE" \
		-i "outside=$OUTSIDE" -i "token=$TOKEN" -i "tag=$$" -e "$1"
	T_LAST="[$MODE] $_name"
	case "$out" in
	*ESCAPED*) _fail "$_name: escaped" ;;
	*BLOCKED*) _pass ;;
	*) _fail "$_name: no verdict (status $(printf '%s' "$out" | jq -r .status 2>/dev/null))" ;;
	esac
}

# The prelude every attack uses: a raw syscall through ctypes.
P='import ctypes, os, socket, errno, sys
libc = ctypes.CDLL(None, use_errno=True)
def sys_(nr, *a):
    r = libc.syscall(nr, *[ctypes.c_long(x) for x in a])
    return r, ctypes.get_errno()
def verdict(ok, what):
    print(("ESCAPED " if ok else "BLOCKED ") + what)
'

run_suite() {
	# The sandbox field: what was in force.
	sbx run -l python --json -e 'print("hi")'
	T_LAST="[$MODE] sandbox field"
	expect_json .status '"ok"'
	expect_json .stdout '"hi\n"'
	expect_json .sandbox.seccomp true
	expect_json .sandbox.rlimits true
	if [ "$MODE" = ns ]; then
		expect_json .sandbox.namespaces '["user","mount","pid","net","ipc","uts"]'
	else
		expect_json .sandbox.namespaces '[]'
		expect_jq '.sandbox.note | test("SBX_NO_NAMESPACES")'
	fi
	expect_jq '.sandbox.landlock == null or .sandbox.landlock >= 1'

	attack "tcp connect to a host listener" "$P
try:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(2); s.connect(('127.0.0.1', inputs['port'])); verdict(True, 'connected')
except OSError as e: verdict(False, str(e))"

	for fam in AF_INET6 AF_NETLINK AF_PACKET AF_VSOCK; do
		attack "socket family $fam" "$P
try:
    socket.socket(socket.$fam, socket.SOCK_DGRAM if socket.$fam != socket.AF_PACKET else socket.SOCK_RAW); verdict(True, '$fam')
except OSError as e: verdict(False, str(e))"
	done
	attack "udp to the host" "$P
try:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.sendto(b'x', ('127.0.0.1', 9)); verdict(True, 'udp sent')
except OSError as e: verdict(False, str(e))"
	attack "abstract unix socket of the host" "$P
try:
    s = socket.socket(socket.AF_UNIX); s.connect('\0sbx-test-%d' % inputs['tag']); verdict(True, 'connected')
except OSError as e: verdict(False, str(e))"

	attack "read a file in the user's home" "$P
try:
    verdict('top secret' in open(inputs['home']).read(), 'read home')
except OSError as e: verdict(False, str(e))"
	attack "read /etc/shadow" "$P
try:
    open('/etc/shadow').read(); verdict(True, 'shadow')
except OSError as e: verdict(False, str(e))"
	attack "write outside the work directory" "$P
bad = []
for p in ('/usr/sbx-escape', '/etc/sbx-escape', '/sbx-escape'):
    try:
        open(p, 'w').write('x'); bad.append(p)
    except OSError: pass
# Host paths: with namespaces these land in the run's private /tmp (if
# anywhere); the host side is checked below.
for p in (inputs['outside'], os.path.expanduser('~') + '/../sbx-escape'):
    try: open(p, 'w').write('x')
    except OSError: pass
verdict(bool(bad), 'wrote ' + ','.join(bad))"
	check "[$MODE] nothing written outside (host view)" test ! -e "$OUTSIDE"
	check "[$MODE] nothing written beside the work directory" test ! -e "$SBX_STATE_DIR/work/sbx-escape"
	attack "write in the work directory works" "$P
open('mine.txt', 'w').write('ok'); verdict(open('mine.txt').read() != 'ok', 'own dir')"
	attack "/proc of sbx's parent" "$P
try:
    env = open('/proc/%d/environ' % inputs['pid'], 'rb').read()
    verdict(b'secret-%d' % inputs['tag'] in env, 'environ')
except OSError as e: verdict(False, str(e))"
	attack "ptrace another process" "$P
r, e = sys_(101, 16, inputs['pid'], 0, 0)  # PTRACE_ATTACH
verdict(r == 0, 'ptrace %d' % e)"
	for sc in "425 io_uring_setup 16 0" "323 userfaultfd 0" "298 perf_event_open 0 0 -1 -1 0" \
		"321 bpf 0 0 0" "250 keyctl 0 -3 0" "248 add_key 0 0 0 0 0" \
		"165 mount 0 0 0 0 0" "272 unshare 268435456" "308 setns 0 0" "161 chroot 0" \
		"310 process_vm_readv 1 0 0 0 0 0"; do
		set -- $sc
		nr=$1
		name=$2
		shift 2
		args=$(echo "$@" | tr ' ' ',')
		attack "syscall $name" "$P
r, e = sys_($nr, $args)
verdict(r >= 0 or e not in (errno.EPERM, errno.ENOSYS, errno.EACCES), '$name r=%d errno=%d' % (r, e))"
	done
	attack "clone with namespace flags" "$P
r, e = sys_(56, 0x10000000 | 17, 0, 0, 0, 0)  # clone(CLONE_NEWUSER|SIGCHLD)
if r == 0: os._exit(0)
verdict(r > 0, 'clone r=%d errno=%d' % (r, e))"

	# A daemon: double fork, setsid, then exec a sleep with a unique
	# argument. It must be gone when sbx returns.
	before=$(pgrep -fc "sleep $TOKEN" || true)
	attack "daemon is gone afterwards" "$P
r, w = os.pipe()
if os.fork() == 0:
    try: os.setsid()  # denied by the filter (EPERM): the group stays sbx's
    except OSError: pass
    if os.fork() == 0:
        os.write(w, b'up'); os.execv('/usr/bin/sleep', ['sleep', str(inputs['token'])])
    os._exit(0)
print('daemon', os.read(r, 2).decode()); verdict(False, 'started')"
	expect_out_contains "daemon up"
	# setsid and setpgid would take a process out of the run's group.
	attack "setsid/setpgid leave the process group" "$P
try:
    os.setsid(); verdict(True, 'setsid')
except OSError:
    try: os.setpgid(0, 0); verdict(True, 'setpgid')
    except OSError as e: verdict(False, str(e))"
	check "[$MODE] the daemon was killed" test "$(pgrep -fc "sleep $TOKEN" || true)" -le "${before:-0}"

	# A fork bomb: contained by the pid namespace / pids cgroup / NPROC,
	# stopped at the deadline, nothing left behind. Its processes carry a
	# name of their own (prctl PR_SET_NAME, inherited by every fork), so
	# the count is of this bomb's processes only, not of every python3 on
	# a machine where other tests run at the same time.
	bomb="sbxfb$$"
	sbx run -l python -t 2 --json -i "name=\"$bomb\"" -e 'import ctypes, os
libc = ctypes.CDLL(None)
libc.prctl(15, inputs["name"].encode(), 0, 0, 0)  # PR_SET_NAME
got = ctypes.create_string_buffer(16)
libc.prctl(16, got, 0, 0, 0)  # PR_GET_NAME
print("named", got.value.decode(), flush=True)
while True:
    try: os.fork()
    except OSError: pass'
	T_LAST="[$MODE] fork bomb"
	expect_rc 124
	expect_out_contains "named $bomb"
	# Zombies are dead processes waiting for init to reap them (without a
	# pid namespace they are reparented there): not left running.
	check "[$MODE] fork bomb left nothing" test "$(pgrep -c -x -r R,S,D,T,t "$bomb" || true)" -eq 0
}

MODE=ns
unset SBX_NO_NAMESPACES
run_suite
MODE=nons
export SBX_NO_NAMESPACES=1
run_suite
unset SBX_NO_NAMESPACES

# --require: a layer that cannot be had blocks the run (126), nothing runs.
SBX_NO_NAMESPACES=1 sbx run -l python --require namespaces --json -e 'print("ran")'
T_LAST="--require namespaces with SBX_NO_NAMESPACES=1"
expect_rc 126
expect_json .status '"blocked"'
expect_json .stdout '""'

rm -f "$SECRET_FILE"
finish
