#!/bin/sh
# A workspace's limits hold for the workspace as a whole (README
# "Security", "Known limits"): the memory and the tasks of all its kernels
# together stay within the session's (one cgroup for the session, every
# kernel's inside it: session_group.c), and its files within its disk
# quota (--disk: session_quota.c), whatever the code or the files API
# writes.
#   - Python holds 60% of the session's memory; R then allocates 60%: R's
#     execution ends memory_limit, and the Python kernel keeps its data
#     (not restarted). Each kernel alone is within the limit: before, each
#     had a cgroup of its own with the session's whole limit.
#   - Python keeps 100 processes; a shell command then starts as many as it
#     can: at most the session's 192 tasks less Python's 100 (each kernel
#     alone may have 128).
#   - Code writes one file past the quota: cut at it (EFBIG); a flood of
#     small files passes it by what it writes between two counts (README's
#     "Known limits"): its kernel is killed (DiskQuota), and the next
#     execution is refused naming the quota; files put
#     (CLI, HTTP) and mkdir are refused naming it; nothing half-written is
#     left in the workspace or its .sbx/.
# Where no cgroup can be made (an unprivileged user without a delegated
# hierarchy: test_workspace_limits_user.sh) session get says so and
# `session create --require cgroup` refuses. Run with and without
# namespaces.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/session_lib.sh"
. "$TESTS_DIR/serve_lib.sh"

root=false
[ "$(id -u)" -eq 0 ] && root=true
MiB=1048576

for mode in ns nons; do
	if [ "$mode" = nons ]; then export SBX_NO_NAMESPACES=1; else unset SBX_NO_NAMESPACES; fi

	# ---- memory and tasks: all kernels together ----
	sbx session create -l python --memory 300M
	id=$out
	check "$mode: session created" test "$rc" -eq 0
	sbx session get "$id" --json
	expect_json .limits.memory_bytes $((300 * MiB))
	expect_json .limits.disk_bytes $((1024 * MiB))
	if $root; then
		T_LAST="$mode: session get: the workspace's cgroup"
		expect_jq '.workspace.cgroup == "v1" or .workspace.cgroup == "v2"'
		expect_jq '.usage.memory_bytes > 0 and .usage.pids > 0'

		sbx session exec "$id" -t 60 -e 'b = b"x" * (180 << 20); print(len(b))'
		T_LAST="$mode: Python holds 60%"
		expect_out $((180 * MiB))
		sbx session get "$id" --json
		T_LAST="$mode: session get: the memory of all kernels"
		expect_jq ".usage.memory_bytes > $((170 * MiB))"
		sbx session exec "$id" -l r -t 60 --json -e 'x <- rep(1, 23e6); length(x)'
		T_LAST="$mode: R allocates 60% more"
		expect_json .status '"memory_limit"'
		sbx session exec "$id" --json -e 'print(len(b))'
		T_LAST="$mode: the Python kernel survives with its data"
		expect_json .status '"ok"'
		expect_json .stdout "\"$((180 * MiB))\\n\""
		expect_jq '.restored != true'

		sbx session exec "$id" -t 60 -e '
import subprocess
del b
kids = [subprocess.Popen(["sleep", "600"]) for _ in range(100)]
print(len(kids))'
		T_LAST="$mode: Python keeps 100 processes"
		expect_out 100
		sbx session exec "$id" -l bash -t 60 -e 'python3 -c "
import subprocess
kids = []
for _ in range(150):
    try:
        kids.append(subprocess.Popen([\"sleep\", \"600\"]))
    except OSError:
        break
print(len(kids))
for k in kids:
    k.kill()
    k.wait()
"'
		T_LAST="$mode: a shell command starts what the session has left"
		expect_rc 0
		check "$mode: at most 192 - 100 tasks started by the second kernel (got '$out')" \
			test "${out:-999}" -le 92
		check "$mode: ... and some (got '$out')" test "${out:-0}" -ge 1
		sbx session exec "$id" -e '
for k in kids:
    k.kill()
    k.wait()
print("reaped")'
		expect_out reaped
		sbx session create -l python --require cgroup
		T_LAST="$mode: --require cgroup where there is one"
		expect_rc 0
		[ "$rc" -eq 0 ] && "$SBX" session delete "$out" >/dev/null 2>&1
	else
		T_LAST="$mode: session get: no cgroup for the workspace, and why"
		expect_json .workspace.cgroup null
		expect_jq '.workspace.note | test("no cgroup for the workspace")'
		sbx session create -l python --require cgroup
		T_LAST="$mode: --require cgroup without one"
		check "$mode: --require cgroup refused" test "$rc" -ne 0
		check "$mode: ... naming the layer" err_has "require cgroup"
	fi
	if [ "$mode" = nons ]; then
		# --require reaches the kernels' sandboxes too (it was ignored).
		sbx session create -l python --require namespaces
		T_LAST="$mode: --require namespaces with namespaces off"
		check "$mode: --require namespaces refused" test "$rc" -ne 0
		check "$mode: ... naming the layer" err_has "require namespaces"
	fi
	sbx session delete "$id"
	expect_rc 0

	# ---- the disk quota ----
	sbx session create -l python --disk 8M
	id=$out
	check "$mode: session --disk 8M created" test "$rc" -eq 0
	sbx session get "$id" --json
	expect_json .limits.disk_bytes $((8 * MiB))
	rundir=$(printf '%s' "$out" | jq -r .rundir)
	sbx session exec "$id" -t 60 -e '
import os
try:
    with open("big", "wb") as f:
        f.write(b"y" * (20 << 20))
    print("written")
except OSError as e:
    print("refused", e.errno)
print(os.path.getsize("big") <= 8 << 20)'
	T_LAST="$mode: one file past the quota is cut at it"
	expect_out "refused 27
True"
	sbx session files "$id" rm big
	expect_rc 0
	sbx session exec "$id" -l bash -t 120 --json -e 'for i in $(seq 2000); do head -c 65536 /dev/zero >f$i || break; done; echo done'
	T_LAST="$mode: a flood of 64K files, up to 128M, into an 8M quota"
	expect_json .status '"output_limit"'
	expect_json .error.name '"DiskQuota"'
	expect_jq '.error.message | test("disk quota")'
	nfiles=$(find "$rundir/work" -mindepth 1 -maxdepth 1 | wc -l)
	check "$mode: the flood was stopped (its files: $nfiles)" test "$nfiles" -lt 1000
	sbx session exec "$id" -e 'print("ran")'
	T_LAST="$mode: the next execution is refused while over the quota"
	check "$mode: refused" test "$rc" -ne 0
	check "$mode: ... naming the quota" err_has "disk quota"
	check "$mode: ... and the fix" err_has "files $id rm"
	sbx session get "$id" --json
	expect_jq ".usage.disk_bytes >= $((8 * MiB))"
	head -c 100 /dev/zero >"$T_TMP/small"
	sbx session files "$id" put "$T_TMP/small" small
	T_LAST="$mode: files put over the quota"
	check "$mode: put refused" test "$rc" -ne 0
	check "$mode: ... naming the quota" err_has "disk quota"
	sbx session files "$id" mkdir newdir
	check "$mode: mkdir refused over the quota" test "$rc" -ne 0
	check "$mode: ... naming the quota" err_has "disk quota"
	for f in "$rundir"/work/*; do "$SBX" session files "$id" rm "${f##*/}" >/dev/null 2>&1; done
	sbx session exec "$id" -e 'print("ran")'
	T_LAST="$mode: under the quota again, executions run"
	expect_out ran

	# A put bigger than what is left: CLI, then HTTP.
	head -c $((10 * MiB)) /dev/zero >"$T_TMP/ten"
	sbx session files "$id" put "$T_TMP/ten" ten
	T_LAST="$mode: a 10M put into an 8M quota"
	check "$mode: put refused" test "$rc" -ne 0
	check "$mode: ... naming the quota" err_has "disk quota"
	start_server --listen "unix:$T_TMP/sock"
	api PUT "/v1/sessions/$id/files?path=ten" "" --data-binary "@$T_TMP/ten"
	T_LAST="$mode: HTTP PUT of 10M into an 8M quota"
	check "$mode: HTTP PUT refused (got $code)" test "$code" -ge 400 -a "$code" -lt 500
	expect_jq '.error.message | test("disk quota")'
	head -c $((2 * MiB)) /dev/zero >"$T_TMP/two"
	api PUT "/v1/sessions/$id/files?path=two" "" --data-binary "@$T_TMP/two"
	T_LAST="$mode: HTTP PUT within the quota (the control)"
	expect_code 200
	sbx --remote "$ADDR" session create -l python --disk 5M --json
	T_LAST="$mode: --remote session create --disk"
	expect_json .limits.disk_bytes $((5 * MiB))
	[ "$rc" -eq 0 ] && "$SBX" session delete "$(printf '%s' "$out" | jq -r .id)" >/dev/null 2>&1
	api POST /v1/sessions '{"language": "python", "disk": "lots"}'
	T_LAST="$mode: POST /v1/sessions with a bad disk"
	check "$mode: a bad disk refused (got $code)" test "$code" = 400
	expect_jq '.error.message | test("disk")'
	stop_server
	check "$mode: nothing of the refused puts in the workspace" test ! -e "$rundir/work/ten"
	check "$mode: nothing half-written in .sbx" \
		sh -c "! ls -A '$rundir/.sbx' 2>/dev/null | grep -q '^put\.'"
	check "$mode: nothing half-written in the state dir" \
		sh -c "! find '$SBX_STATE_DIR' -name 'put.*' | grep -q ."
	sbx session delete "$id"
	expect_rc 0
done

# A size the config gives: limits.disk, validated as the other sizes.
mkdir -p "$XDG_CONFIG_HOME/sbx"
printf 'limits:\n  disk: 3M\n' >"$XDG_CONFIG_HOME/sbx/config.yaml"
sbx session create -l python --json
T_LAST="limits.disk in the config"
expect_json .limits.disk_bytes $((3 * MiB))
[ "$rc" -eq 0 ] && "$SBX" session delete "$(printf '%s' "$out" | jq -r .id)" >/dev/null 2>&1
printf 'limits:\n  disk: lots\n' >"$XDG_CONFIG_HOME/sbx/config.yaml"
sbx session create -l python
check "limits.disk: lots is refused" test "$rc" -ne 0
check "... naming the key" err_has "limits.disk"
rm -f "$XDG_CONFIG_HOME/sbx/config.yaml"
sbx session create -l python --disk lots
check "--disk lots is refused" test "$rc" -ne 0
check "... naming the option" err_has "disk"
finish
