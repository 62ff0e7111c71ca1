#!/bin/sh
# A killed sbx's cgroup, found by the sbx that has its pid now: sbx names a
# run's group after its own pid ("sbx-PID") and the next run sweeps the
# groups of sbx processes that are gone, but skips its own name. Pids wrap
# (pid_max is often 32768), so the sbx that finds such a group is the next
# owner of a killed one's pid: it must not run the code in the old group,
# sharing its memory and pids limits with what the killed run left there
# (without a pid namespace a killed run's processes outlive it). The group
# is emptied and made anew.
#
# The stand-in for the killed run: a shell makes the groups named after its
# own pid, puts a process that holds 200 MiB in them, and then execs sbx
# (which keeps the pid). The code allocates 120 MiB under --memory 256M:
# it runs only if the old process's 200 MiB are not counted against it.
# With and without namespaces; as an unprivileged user there is no cgroup,
# which the record must say.
. "$(dirname "$0")/../lib.sh"

HERE=$(cd "$(dirname "$0")" && pwd)
sbx run -l python --json -e '1'
expect_rc 0
kind=$(printf '%s' "$out" | jq -r '.sandbox.cgroup // "none"')
if [ "$(id -u)" -ne 0 ]; then
	check "as $(id -un) the run has no cgroup, so none to reuse ($kind)" test "$kind" = none
	finish
	exit
fi
check "as root a run has its cgroup ($kind)" test "$kind" = v1 -o "$kind" = v2
parents=$(python3 "$HERE/crash_cgroups.py" "$kind")
check "the directories the groups are made in are known" test -n "$parents"
HOG='import sys
b = b"h" * (200 << 20)
print("ready", flush=True)
sys.stdin.read()'
CODE='b = b"c" * (120 << 20)
print("allocated", len(b) >> 20)'

for mode in namespaces no-namespaces; do
	[ "$mode" = no-namespaces ] && export SBX_NO_NAMESPACES=1
	rm -f "$T_TMP/hog.in" "$T_TMP/ready" "$T_TMP/hog.pid"
	mkfifo "$T_TMP/hog.in" "$T_TMP/ready"
	# The hog waits on its FIFO; it is let go (EOF) when the test ends.
	exec 7<>"$T_TMP/hog.in"
	out=$(PARENTS="$parents" HOG="$HOG" CODE="$CODE" D="$T_TMP" sh -c '
		for p in $PARENTS; do mkdir "$p/sbx-$$" || exit 3; done
		sh -c "for p in \$0; do echo \$\$ >\"\$p/sbx-$$/cgroup.procs\" || exit 4; done
			echo \$\$ >\"$D/hog.pid\"
			exec python3 -c \"\$1\" <\"$D/hog.in\" >\"$D/ready\"" "$PARENTS" "$HOG" &
		read -r word <"$D/ready" && [ "$word" = ready ] || exit 5
		exec "$SBX" run -l python --memory 256M --json -e "$CODE"
	' 2>"$T_TMP/err")
	rc=$?
	T_LAST="$mode: the code run by the next owner of the killed sbx's pid"
	check "$mode: the run is not refused or killed (rc $rc: $(cat "$T_TMP/err"))" test "$rc" -eq 0
	check "$mode: the run had its own cgroup ($(printf '%s' "$out" | jq -c .sandbox.cgroup))" \
		test "$(printf '%s' "$out" | jq -r .sandbox.cgroup)" = "$kind"
	check "$mode: the code's 120 MiB fit: the old group's 200 MiB are not its" \
		test "$(printf '%s' "$out" | jq -r .stdout)" = "allocated 120"
	hog=$(cat "$T_TMP/hog.pid")
	state=$(sed -n 's/^State:[[:space:]]*\([A-Z]\).*/\1/p' "/proc/$hog/status" 2>/dev/null)
	check "$mode: what the killed run left in its group was killed (pid $hog: ${state:-gone})" \
		test -z "$state" -o "$state" = Z
	exec 7>&-
	left=""
	for p in $parents; do
		for g in "$p"/sbx-*; do
			[ -d "$g" ] && ! kill -0 "${g##*/sbx-}" 2>/dev/null && left="$left $g"
		done
	done
	check "$mode: no group of a gone sbx is left:$left" test -z "$left"
	wait 2>/dev/null
done
unset SBX_NO_NAMESPACES
finish
