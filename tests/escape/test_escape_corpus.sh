#!/bin/sh
# The escape corpus (tests/escape/corpus/LANG/*): one hostile program per
# attack class and language, each run in every mode sbx has —
#
#   root  with namespaces         root  with SBX_NO_NAMESPACES=1
#   user  with namespaces         user  with SBX_NO_NAMESPACES=1
#
# This script runs the two modes of whoever runs it;
# test_escape_corpus_user.sh re-runs it as the unprivileged user sbx-ci when
# the suite runs as root (two scripts keep each one short). Every run must end with one of the statuses its file
# names, print no ESCAPED line, and report in `sandbox` the layers of its
# mode. After each run the host is checked: the victim process lives, no
# daemon is left, nothing was left in /tmp or /dev/shm. See corpus/README.md.
#
# A file may add `sbx-jq: EXPR` lines (jq booleans the record must satisfy)
# and `sbx-text: clean` (see run_case).
#
# `@OUT@` in sbx-args becomes a fresh --out-dir (see run_case).
#
#   SBX_CORPUS_FILTER=REGEX   run only the corpus files whose path matches
. "$(dirname "$0")/../lib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
CORPUS=$HERE/corpus
WHO=$(id -un)

have() { command -v "$1" >/dev/null 2>&1; }
have_lang() {
	case $1 in
	python) [ -x /usr/bin/python3 ] ;;
	r) have Rscript ;;
	java) have java && have javac ;;
	js) true ;;
	node) [ -x /usr/bin/node ] ;;
	esac
}

# The bait: a TCP and a pathname UNIX listener (reachable by the run's uid
# as far as permissions go: the socket is 0777 in a 0755 directory, so only
# the sandbox stands in the way), a System V shared memory segment and a
# message queue holding a message (mode 0666: again only the sandbox stands
# in the way), a secret in the home directory and in the environment, and a
# victim process of this user.
BAIT=$(mktemp -d "${TMPDIR:-/tmp}/sbx-esc-bait.XXXXXX")
chmod 0755 "$BAIT"
SOCK=$BAIT/listener.sock
mkfifo "$T_TMP/ready"
/usr/bin/python3 -I -c '
import ctypes, os, socket, sys, signal
t = socket.socket(); t.bind(("127.0.0.1", 0)); t.listen(8)
u = socket.socket(socket.AF_UNIX); u.bind(sys.argv[1]); u.listen(8)
os.chmod(sys.argv[1], 0o777)
libc = ctypes.CDLL(None, use_errno=True)
shm = libc.shmget(0, 4096, 0o1666)  # IPC_PRIVATE, IPC_CREAT | 0666
msq = libc.msgget(0, 0o1666)
msg = ctypes.create_string_buffer(b"\1\0\0\0\0\0\0\0host secret message")
libc.msgsnd(msq, msg, 19, 0)
def bye(*_):
    libc.shmctl(shm, 0, None); libc.msgctl(msq, 0, None)  # IPC_RMID
    sys.exit(0)
signal.signal(signal.SIGTERM, bye)
with open(sys.argv[2], "w") as f: f.write("%d %d %d\n" % (t.getsockname()[1], shm, msq))
while True: signal.pause()  # until the test kills it
' "$SOCK" "$T_TMP/ready" </dev/null >/dev/null 2>&1 &
LISTENER=$!
read -r PORT SHMID MSQID <"$T_TMP/ready"
sleep 3600 </dev/null >/dev/null 2>&1 &
VICTIM=$!
SECRET_FILE="$HOME/.sbx-esc-secret-$$"
echo "top secret" >"$SECRET_FILE"
export SBX_ESC_SECRET="sbxsecret-$$"
TOKEN="31337$$"
OUTN=0
trap 'kill $LISTENER $VICTIM 2>/dev/null; rm -f "$SECRET_FILE"; rm -rf "$T_TMP" "$BAIT"' EXIT

# run_case FILE — one corpus file in the current MODE.
run_case() {
	_f=$1
	_lang=$(basename "$(dirname "$_f")")
	_rel=${_f#"$CORPUS"/}
	_args=$(sed -n 's/.*sbx-args: *//p' "$_f" | head -n 1)
	_expect=$(sed -n 's/.*sbx-expect: *//p' "$_f" | head -n 1)
	_want=$(sed -n 's/.*sbx-want: *//p' "$_f" | head -n 1)
	_error=$(sed -n 's/.*sbx-error: *//p' "$_f" | head -n 1)
	_pre=""
	# @OUT@ in sbx-args: a fresh --out-dir that looks like the root of a
	# git checkout, with a file of the user's in it.
	_out=""
	case $_args in *@OUT@*)
		OUTN=$((OUTN + 1))
		_out=$T_TMP/out$OUTN
		mkdir -p "$_out/.git"
		printf '[core]\n\tbare = false\n' >"$_out/.git/config"
		printf 'host\n' >"$_out/README"
		_args=$(printf '%s' "$_args" | sed "s|@OUT@|$_out|g")
		;;
	esac
	# TIOCSTI needs a terminal to push into: sbx gets one from script(1).
	case $_rel in python/tty.py) have script && _pre=tty ;; esac
	if [ "$_pre" = tty ]; then
		out=$(script -qec "'$SBX' run -l $_lang --json -i token=$TOKEN $_f" /dev/null \
			2>"$T_TMP/stderr" | tr -d '\r')
		rc=$?
		err=$(cat "$T_TMP/stderr")
	else
		# shellcheck disable=SC2086
		sbx run -l "$_lang" --json $_args -i "port=$PORT" -i "sock=$SOCK" \
			-i "home=$SECRET_FILE" -i "pid=$$" -i "victim=$VICTIM" \
			-i "secret_env=SBX_ESC_SECRET" -i "token=$TOKEN" -i "shmid=$SHMID" \
			-i "msqid=$MSQID" "$_f"
	fi
	T_LAST="[$MODE] $_rel"
	# One jq for the whole record: status, ESCAPED anywhere in the output,
	# the wanted text, and what was in force. The interpreters get the
	# mode's namespaces and Landlock where the kernel has it; the embedded
	# JavaScript engine always runs under seccomp and rlimits alone.
	_facts=$(printf '%s' "$out" | jq -r --arg w "$_want" '[.status,
		((.stdout + .stderr) | contains("ESCAPED")),
		(.stdout | contains($w)),
		(.sandbox | {seccomp, rlimits, namespaces, landlock} | tojson)] | @tsv' 2>/dev/null)
	_status=$(printf '%s' "$_facts" | cut -f1)
	case "|$_expect|" in
	*"|$_status|"*) _pass ;;
	*) _fail "status '$_status', expected $_expect" ;;
	esac
	if [ -n "$_error" ]; then
		_name=$(printf '%s' "$out" | jq -r '.error.name' 2>/dev/null)
		if [ "$_name" = "$_error" ]; then _pass; else _fail "error.name '$_name', expected $_error"; fi
	fi
	case "$_facts" in
	*"	false	true	"*) _pass ;;
	*"	true	"*"	"*) _fail "escaped: $(printf '%s' "$out" | jq -r '.stdout + .stderr' | grep ESCAPED | head -n 3)" ;;
	*) _fail "stdout does not say '$_want'" ;;
	esac
	if [ "$_lang" = js ]; then
		_want_sb='{"seccomp":true,"rlimits":true,"namespaces":[],"landlock":null}'
	elif [ "$NS" = 1 ]; then
		_want_sb='{"seccomp":true,"rlimits":true,"namespaces":["user","mount","pid","net","ipc","uts"],"landlock":'$LANDLOCK'}'
	else
		_want_sb='{"seccomp":true,"rlimits":true,"namespaces":[],"landlock":'$LANDLOCK'}'
	fi
	if [ "$(printf '%s' "$_facts" | cut -f4)" = "$_want_sb" ]; then _pass; else
		_fail "sandbox $(printf '%s' "$_facts" | cut -f4), expected $_want_sb"
	fi
	# sbx-jq: facts about the record itself (what the code may not forge).
	sed -n 's/.*sbx-jq: *//p' "$_f" >"$T_TMP/jq"
	while IFS= read -r _jq; do
		if printf '%s' "$out" | jq -e "$_jq" >/dev/null 2>&1; then _pass; else
			_fail "[$MODE] $_rel: the record does not satisfy: $_jq"
		fi
	done <"$T_TMP/jq"
	# sbx-text: clean — run again in text mode, as a snippet: what sbx prints of the
	# code's data (its "sbx: STATUS:" line and the traceback after it, the
	# result line that ends stdout) has no control character a terminal
	# would obey. The code's own output before them is not looked at: it
	# passes through as written (and may differ between two runs).
	if grep -q 'sbx-text: *clean' "$_f"; then
		printf '%s' "$out" >"$T_TMP/record"
		# The code as a snippet (-e): a FILE prints only what its
		# interpreter prints, with no "sbx:" line to look at.
		# shellcheck disable=SC2086
		"$SBX" run -l "$_lang" $_args -e "$(cat "$_f")" >"$T_TMP/text.out" 2>"$T_TMP/text.err" </dev/null
		if /usr/bin/python3 -I - "$T_TMP/record" "$T_TMP/text.out" "$T_TMP/text.err" <<-'PY'; then _pass; else _fail "[$MODE] $_rel: sbx printed a raw control character in text mode"; fi
		import json, re, sys
		rec = json.load(open(sys.argv[1]))
		bad = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]")
		out = open(sys.argv[2], "rb").read()
		err = open(sys.argv[3], "rb").read()
		ok = True
		if rec["result"] is not None:
		    last = out.rstrip(b"\n").rsplit(b"\n", 1)[-1]
		    if bad.search(last):
		        print("raw control character in the result line", repr(last), file=sys.stderr); ok = False
		if rec["status"] != "ok":
		    head = ("sbx: %s: " % rec["status"]).encode()
		    at = 0 if err.startswith(head) else err.rfind(b"\n" + head) + 1
		    if at == 0 and not err.startswith(head):
		        print("no sbx line in stderr:", repr(err[-300:]), file=sys.stderr); ok = False
		    elif bad.search(err[at:]):
		        print("raw control character in", repr(err[at:at + 300]), file=sys.stderr); ok = False
		sys.exit(0 if ok else 1)
		PY
	fi
	# The host side.
	if [ -n "$_out" ]; then
		check "[$MODE] $_rel: the out dir's .git/config is the user's" \
			test "$(cat "$_out/.git/config")" = "$(printf '[core]\n\tbare = false')"
		check "[$MODE] $_rel: the user's file in the out dir is not overwritten" \
			test "$(cat "$_out/README")" = host
		check "[$MODE] $_rel: only .git/config in the out dir's .git" \
			test "$(ls -A "$_out/.git")" = config
	fi
	check "[$MODE] $_rel: the victim process lives" kill -0 "$VICTIM"
	check "[$MODE] $_rel: no daemon left" test "$(pgrep -fc "sleep $TOKEN" || true)" -eq 0
	set -- /tmp/sbx-esc-left* /dev/shm/sbx-esc-left*
	check "[$MODE] $_rel: nothing left in /tmp or /dev/shm: $*" test ! -e "$1" -a ! -e "$2" -a $# -eq 2
	_tmpdir=""
	case "$out" in *TMPDIR=*) _tmpdir=$(printf '%s' "$out" | jq -r .stdout | sed -n 's/^TMPDIR=//p') ;; esac
	if [ -n "$_tmpdir" ]; then
		check "[$MODE] $_rel: the run's TMPDIR is gone" test ! -e "$_tmpdir"
	fi
}

run_mode() {
	MODE=$1
	NS=$2
	if [ "$NS" = 1 ]; then unset SBX_NO_NAMESPACES; else export SBX_NO_NAMESPACES=1; fi
	for _f in "$CORPUS"/*/*; do
		case $_f in *.md) continue ;; esac
		if [ -n "${SBX_CORPUS_FILTER:-}" ] && ! printf '%s' "$_f" | grep -Eq "$SBX_CORPUS_FILTER"; then
			continue
		fi
		have_lang "$(basename "$(dirname "$_f")")" || continue
		run_case "$_f"
	done
	unset SBX_NO_NAMESPACES
}

# Landlock as the doctor sees it: the ABI number, or null.
"$SBX" doctor >"$T_TMP/doctor" 2>&1
LANDLOCK=$(sed -n 's/^ *landlock *yes ABI \([0-9]*\).*/\1/p' "$T_TMP/doctor")
LANDLOCK=${LANDLOCK:-null}
if ! have_lang python; then
	echo "test_escape_corpus: 0 passed, 0 failed (python3 not installed: skipped)"
	exit 0
fi

run_mode "$WHO+ns" 1
run_mode "$WHO+nons" 0

finish
