#!/bin/sh
# The files API of a session (sbx session files: ls, get, put, rm, mkdir)
# against what the session's code plants in its workspace for sbx (which
# runs unsandboxed, as the caller: root, for a root user) to follow: links
# to /etc/passwd and to a directory of the caller's, as the final name and
# as a middle component, a fifo, a hard link; paths with '..', absolute
# paths, control characters; a file over the files limit; and a thread of
# the kernel that keeps swapping a directory for a link while the files
# API works on it. Nothing outside the workspace may be read, written,
# made or removed: the caller's directory keeps its canary, unchanged, and
# nothing else. Run with and without namespaces here; as an unprivileged
# user by test_session_files_escape_user.sh.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/session_lib.sh"
. "$TESTS_DIR/serve_lib.sh"

OUT=$T_TMP/outside
SECRET=canary-secret-1f3a
printf 'from the caller\n' >"$T_TMP/src.txt"
mkdir -p "$XDG_CONFIG_HOME/sbx"
printf 'limits:\n  max_files: 64K\n' >"$XDG_CONFIG_HOME/sbx/config.yaml"
head -c 70000 /dev/zero >"$T_TMP/big"

bait() {
	rm -rf "$OUT"
	mkdir -p "$OUT"
	chmod 755 "$T_TMP" "$OUT"
	printf '%s' "$SECRET" >"$OUT/canary"
	chmod 644 "$OUT/canary"
}
# The caller's directory holds the canary and nothing else, unchanged.
untouched() {
	[ "$(ls -A "$OUT" | tr '\n' ' ')" = "canary " ] && [ "$(cat "$OUT/canary")" = "$SECRET" ]
}
# refused NAME SBX-ARGS...: sbx fails, prints nothing of the canary, and
# the caller's directory is untouched.
refused() {
	_n=$1
	shift
	sbx "$@"
	T_LAST="$_n: sbx $*"
	check "$_n: refused" test "$rc" -ne 0
	case "$out" in *"$SECRET"*) _fail "$_n: the canary's bytes came out" ;; *) _pass ;; esac
	check "$_n: the caller's directory is untouched" untouched
}

# The same over HTTP: GET, PUT and DELETE /v1/sessions/REF/files.
start_server
# http_refused NAME METHOD QUERY: a 4xx without the canary's bytes, the
# caller's directory untouched.
http_refused() {
	api "$2" "/v1/sessions/$id/files?$3" "" --data-binary "@$T_TMP/src.txt"
	case $code in 4??) _pass ;; *) _fail "$1: HTTP status $code, expected a 4xx" ;; esac
	case "$out" in *"$SECRET"*) _fail "$1: the canary's bytes came out" ;; *) _pass ;; esac
	check "$1: the caller's directory is untouched" untouched
}

for mode in ns nons; do
	if [ "$mode" = nons ]; then export SBX_NO_NAMESPACES=1; else unset SBX_NO_NAMESPACES; fi
	bait
	sbx session create -l python
	id=$out
	check "$mode: session created" test "$rc" -eq 0
	sbx session exec "$id" -e "
import os
os.symlink('/etc/passwd', 'pw')
os.symlink('$OUT', 'host')
os.symlink('$OUT/canary', 'canary')
os.mkdir('d')
os.symlink('$OUT', 'd/host')
os.mkfifo('fifo')
os.mkdir('ctl')
open('ctl/a\tb', 'w').write('x')
open('ctl/plain', 'w').write('x')
open('big', 'wb').write(bytes(70000))
try:
    os.link('$OUT/canary', 'hard')
except OSError:
    pass
print('planted')"
	T_LAST="$mode: plant"
	expect_out planted

	# Links as the final name and in the middle, each operation.
	refused "$mode get pw" session files "$id" get pw -
	err_has "is a link" && _pass || _fail "$mode get pw: the message names the link"
	refused "$mode get canary link" session files "$id" get canary -
	refused "$mode get host/canary" session files "$id" get host/canary -
	refused "$mode get d/host/canary" session files "$id" get d/host/canary -
	refused "$mode ls host" session files "$id" ls host/canary
	refused "$mode ls d/host" session files "$id" ls d/host/canary
	refused "$mode put host/new" session files "$id" put "$T_TMP/src.txt" host/new
	refused "$mode put d/host/new" session files "$id" put "$T_TMP/src.txt" d/host/new
	refused "$mode put over the canary link" session files "$id" put "$T_TMP/src.txt" canary
	refused "$mode put host/canary" session files "$id" put "$T_TMP/src.txt" host/canary
	refused "$mode rm host/canary" session files "$id" rm host/canary
	refused "$mode rm -r d/host" session files "$id" rm -r d/host/canary
	refused "$mode rm link" session files "$id" rm canary
	refused "$mode mkdir host/new" session files "$id" mkdir -p host/new
	refused "$mode mkdir d/host/new" session files "$id" mkdir -p d/host/new/x
	# '..', absolute, control characters, a fifo, a hard link, the cap.
	refused "$mode get .." session files "$id" get ../run/work/big -
	err_has "'..'" && _pass || _fail "$mode ..: the message says why"
	refused "$mode get d/../pw" session files "$id" get d/../pw -
	refused "$mode ls .." session files "$id" ls ..
	refused "$mode get absolute" session files "$id" get "$OUT/canary" -
	err_has "absolute" && _pass || _fail "$mode absolute: the message says why"
	refused "$mode put absolute" session files "$id" put "$T_TMP/src.txt" "$OUT/new"
	refused "$mode put tab" session files "$id" put "$T_TMP/src.txt" "$(printf 'a\tb')"
	err_has "control character" && _pass || _fail "$mode tab: the message says why"
	refused "$mode put newline" session files "$id" put "$T_TMP/src.txt" "$(printf 'x\ny')"
	refused "$mode get fifo" session files "$id" get fifo -
	err_has "fifo" && _pass || _fail "$mode fifo: the message names it"
	sbx session files "$id" get hard -
	T_LAST="$mode get hard"
	case "$out" in *"$SECRET"*) _fail "$mode: the hard link's bytes came out" ;; *) _pass ;; esac
	refused "$mode get over the cap" session files "$id" get big -
	err_has "files limit" && _pass || _fail "$mode big: the message names the limit"
	refused "$mode put over the cap" session files "$id" put "$T_TMP/big" big2
	sbx session files "$id" ls big2
	check "$mode: nothing left of the refused put" test "$rc" -ne 0
	for p in pw canary host/canary d/host/canary fifo big ..%2Fx %2Fetc%2Fpasswd a%09b; do
		http_refused "$mode GET $p" GET "path=$p"
	done
	for p in canary host/new d/host/new host/canary %2Ftmp%2Fx a%0Ab; do
		http_refused "$mode PUT $p" PUT "path=$p"
	done
	http_refused "$mode PUT mkdir host/x" PUT "path=host/x&directory=1&parents=1"
	for p in canary host/canary d/host/canary; do
		http_refused "$mode DELETE $p" DELETE "path=$p&recursive=1"
	done
	# A listing shows the links as links and skips the control names.
	sbx session files "$id" ls --format json
	T_LAST="$mode ls"
	expect_jq '[.entries[] | select(.name=="host") | .type] == ["link"]'
	sbx session files "$id" ls ctl --format json
	expect_jq '(.entries | map(.name)) == ["plain"] and .unlisted_names == 1'

	# The race: a thread of the kernel swaps d/sw between a directory and
	# a link to the caller's directory, while puts, gets, mkdirs and
	# removals go through it (the CLI and HTTP); whatever the
	# interleaving, each lands in the workspace or is refused.
	sbx session exec "$id" -e "
import os, shutil, threading
def clear(p):
    if os.path.islink(p) or os.path.isfile(p):
        os.unlink(p)
    elif os.path.isdir(p):
        shutil.rmtree(p)
def swap():
    for i in range(200000):
        if os.path.exists('stop'):
            break
        try:
            os.rename('d/sw', 'old')  # whatever is there, moved away whole
        except OSError:
            pass
        try:
            clear('old')
        except OSError:
            pass
        try:
            if i % 2:
                os.symlink('$OUT', 'd/sw')
            else:
                os.mkdir('d/sw')
        except OSError:
            pass
threading.Thread(target=swap, daemon=True).start()
print('racing')"
	T_LAST="$mode: race start"
	expect_out racing
	i=0
	while [ $i -lt 40 ]; do
		"$SBX" session files "$id" put "$T_TMP/src.txt" d/sw/new >/dev/null 2>&1
		"$SBX" session files "$id" get d/sw/canary - 2>/dev/null | grep -q "$SECRET" &&
			_fail "$mode race: the canary was read"
		"$SBX" session files "$id" mkdir -p d/sw/dir >/dev/null 2>&1
		"$SBX" session files "$id" rm -r d/sw/canary >/dev/null 2>&1
		"$SBX" session files "$id" rm -r d/sw >/dev/null 2>&1
		api PUT "/v1/sessions/$id/files?path=d/sw/http" "" --data-binary "@$T_TMP/src.txt"
		api GET "/v1/sessions/$id/files?path=d/sw/canary"
		case "$out" in *"$SECRET"*) _fail "$mode race: the canary was read over HTTP" ;; esac
		api DELETE "/v1/sessions/$id/files?path=d/sw/canary&recursive=1"
		i=$((i + 1))
	done
	check "$mode race: the caller's directory is untouched" untouched
	printf stop >"$T_TMP/stop"
	sbx session files "$id" put "$T_TMP/stop" stop
	check "$mode: the swapper stopped" test "$rc" -eq 0
	# The session still works, and what put wrote is the code's.
	sbx session exec "$id" -e "print(open('stop').read())"
	T_LAST="$mode: after the race"
	expect_out stop
	check "$mode: the caller's directory is untouched at the end" untouched
	sbx session delete "$id"
done
stop_server
finish
