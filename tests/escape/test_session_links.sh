#!/bin/sh
# Links a session's code plants in its run directory, for sbx (the daemon
# and the client run unsandboxed, as the caller: root, for a root user) to
# follow later. The code swaps the working directory `work/`, or sbx's own
# `.sbx/`, for a link to a directory of the caller's, or plants a link
# under a name sbx will write; then the next executions bring a --file, a
# program FILE and --stdin, and the kernel restarts (os._exit). Nothing may
# be written, truncated or made in the caller's directory, and the session
# keeps working. Run with and without namespaces here; as an unprivileged
# user by test_session_links_user.sh.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/session_lib.sh"

OUT=$T_TMP/outside
printf 'from the caller\n' >"$T_TMP/src.txt"
printf 'print("the program ran")\n' >"$T_TMP/prog.py"

bait() {
	rm -rf "$OUT"
	mkdir -p "$OUT"
	printf precious >"$OUT/empty.py"
	printf precious >"$OUT/name.txt"
}
# The caller's directory holds the bait and nothing else, unchanged.
untouched() {
	[ "$(ls -A "$OUT" | tr '\n' ' ')" = "empty.py name.txt " ] &&
		[ "$(cat "$OUT/empty.py")" = precious ] && [ "$(cat "$OUT/name.txt")" = precious ]
}

for mode in ns nons; do
	if [ "$mode" = nons ]; then export SBX_NO_NAMESPACES=1; else unset SBX_NO_NAMESPACES; fi
	for target in work .sbx .sbx/state inside; do
		bait
		sbx session create -l python
		id=$out
		check "$mode $target: session created" test "$rc" -eq 0
		# The swap: refused where the run directory is not the code's
		# (as root), done where it is (an unprivileged user's uid).
		sbx session exec "$id" --json -e "
import os
d = os.path.dirname(os.getcwd())
t = '$target'
try:
    if t == 'inside':
        os.symlink('$OUT/name.txt', 'name.txt')
        os.symlink('$OUT', 'prog.py')
        os.symlink('$OUT', 'data')
    else:
        os.rename(os.path.join(d, t), os.path.join(d, t) + '.old')
        os.symlink('$OUT', os.path.join(d, t))
    print('swapped')
except OSError as e:
    print('refused', e.strerror)"
		T_LAST="$mode $target: the swap"
		expect_rc 0
		# With namespaces (read-only mounts) or Landlock (read-only
		# rules), the run directory and .sbx/ are not the code's to
		# change, whatever the uid; its working directory is.
		if [ "$target" = inside ]; then
			expect_json .stdout '"swapped\n"'
		elif printf '%s' "$out" | jq -e '.sandbox.landlock != null or (.sandbox.namespaces | length) > 0' >/dev/null; then
			expect_jq '.stdout | startswith("refused")'
		fi
		# Files in: a --file of a name the link target holds, a program
		# FILE (its copy in the working directory), --stdin (spooled into
		# .sbx by the client).
		sbx session exec "$id" --json -f "$T_TMP/src.txt:name.txt" --stdin "$T_TMP/src.txt" \
			-e 'import sys; print(sys.stdin.read().strip(), open("name.txt").read().strip())'
		T_LAST="$mode $target: --file and --stdin after the swap"
		expect_rc 0
		expect_json .stdout '"from the caller from the caller\n"'
		sbx session exec "$id" --json "$T_TMP/prog.py"
		T_LAST="$mode $target: a program FILE after the swap"
		expect_rc 0
		# A --file below a directory whose name the code made a link:
		# refused, never followed into the caller's directory.
		if [ "$target" = inside ]; then
			sbx session exec "$id" --json -f "$T_TMP/src.txt:data/name.txt" -e 'print(1)'
			T_LAST="$mode $target: a --file below a planted link"
			check "$T_LAST: refused (rc $rc)" test "$rc" -ne 0
			expect_jq '.error.message | test("data/name.txt")'
		fi
		# A kernel restart: the run directory is prepared again.
		sbx session exec "$id" --json -e 'import os; os._exit(0)'
		sbx session exec "$id" --json -e 'print("after the restart")'
		T_LAST="$mode $target: after a kernel restart"
		expect_rc 0
		expect_json .stdout '"after the restart\n"'
		check "$mode $target: nothing written, truncated or made in the caller's directory" untouched
		sbx session delete "$id"
	done
done
unset SBX_NO_NAMESPACES

# As root the run directory is a private one in /var/tmp: not a fixed
# path, the caller's and root's only, and a reboot keeps it.
if [ "$(id -u)" -eq 0 ]; then
	sbx session create -l python
	id=$out
	sbx session get "$id" --json
	rd=$(printf '%s' "$out" | jq -r .rundir)
	case "$rd" in
	/var/tmp/sbx-session-"$id"-??????) _pass ;;
	*) _fail "root's run directory is $rd, not a private one in /var/tmp" ;;
	esac
	check "root's run directory is root's, not the kernel's" test "$(stat -c %u "$rd")" -eq 0
	check "root's run directory is not open to other users" \
		test "$(($(stat -c %a "$rd") % 10))" -eq 0
	check "no fixed shared directory is made" test ! -e /tmp/sbx-root-sessions/"$id"
	# Emptied like /tmp at a reboot, then made again by someone else:
	# never used.
	sbx session exec "$id" --json -e 'x = 1'
	sbx session stop "$id"
	rm -rf "$rd"
	mkdir "$rd"
	chown nobody "$rd"
	sbx session exec "$id" --json -e 'print("ran")'
	T_LAST="a run directory another user made in its place"
	check "refused: rc $rc" test "$rc" -ne 0
	expect_err_contains "belongs to uid"
	rmdir "$rd"
	# Gone (a reboot that cleared /var/tmp): made again, the session
	# goes on.
	sbx session exec "$id" --json -e 'print("ran")'
	T_LAST="after its run directory was removed"
	expect_rc 0
	sbx session delete "$id"
	check "delete removes the run directory" test ! -e "$rd"
fi
finish
