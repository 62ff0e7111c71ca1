#!/bin/sh
# The gate (SANDBOX_GATE_FD): Python and R start their interpreter before
# the run's cgroup is joined (issue 33: the join costs an RCU grace period)
# and their prelude waits for sbx's go-ahead before any of the code runs.
# So the code's first statement already finds itself in the run's cgroup,
# and the gate is nothing the code can read from. Both modes, root or not.
. "$(dirname "$0")/../lib.sh"

run_suite() {
	# Python: the first statement reads its own cgroup.
	sbx run -l python --json -e 'import os
print(open("/proc/self/cgroup").read())
try:
    print("gate:", repr(os.read(4, 1)))
except OSError as e:
    print("gate: closed")'
	expect_rc 0
	cg=$(printf '%s' "$out" | jq -r .sandbox.cgroup)
	if [ "$cg" != "null" ]; then
		check "python [$MODE]: the code's first statement runs in the run's cgroup" \
			sh -c 'printf "%s" "$1" | jq -r .stdout | grep -Eq "memory:.*/sbx-[0-9]+"' _ "$out"
	else
		check "python [$MODE]: without a cgroup the record says so" \
			sh -c 'printf "%s" "$1" | jq -e ".sandbox.note | test(\"cgroup\")" >/dev/null' _ "$out"
	fi
	check "python [$MODE]: the gate is closed before the code" \
		sh -c 'printf "%s" "$1" | jq -r .stdout | grep -qx "gate: closed"' _ "$out"

	# R: the same, and reading the gate gives the code nothing.
	sbx run -l r --json -e 'cat(readLines("/proc/self/cgroup"), sep = "\n")
g <- tryCatch(suppressWarnings(file("/proc/self/fd/4", open = "rb", raw = TRUE)), error = function(e) NULL)
cat("gate bytes:", if (is.null(g)) 0L else length(readBin(g, "raw", 16L)), "\n")'
	expect_rc 0
	cg=$(printf '%s' "$out" | jq -r .sandbox.cgroup)
	if [ "$cg" != "null" ]; then
		check "r [$MODE]: the code's first statement runs in the run's cgroup" \
			sh -c 'printf "%s" "$1" | jq -r .stdout | grep -Eq "memory:.*/sbx-[0-9]+"' _ "$out"
	else
		check "r [$MODE]: without a cgroup the record says so" \
			sh -c 'printf "%s" "$1" | jq -e ".sandbox.note | test(\"cgroup\")" >/dev/null' _ "$out"
	fi
	check "r [$MODE]: the gate gives the code nothing" \
		sh -c 'printf "%s" "$1" | jq -r .stdout | grep -qx "gate bytes: 0 "' _ "$out"
}

# cgroup v1: sbx steps into the run's cgroup to fork the child there and
# back out at once; the run's cgroup is removed after the run, which the
# kernel refuses while any task (sbx too) is in it.
own_memory_cgroup() {
	mnt=$(awk '$3 == "cgroup" && $4 ~ /(^|,)memory(,|$)/ { print $2; exit }' /proc/mounts)
	rel=$(sed -n 's/^[0-9]*:memory:\(.*\)$/\1/p' /proc/self/cgroup)
	[ -n "$mnt" ] && [ -n "$rel" ] && printf '%s%s\n' "$mnt" "${rel%/}"
}
left_behind() {
	sh -c 'echo $$ >"$1/sbx.pid"; exec "$2" run -l python -e "print(1)" >/dev/null' _ "$T_TMP" "$SBX"
	[ -e "$1/sbx-$(cat "$T_TMP/sbx.pid")" ]
}
dir=$(own_memory_cgroup)
if [ "$(id -u)" -eq 0 ] && [ -n "$dir" ] && [ -w "$dir" ]; then
	for MODE in ns nons; do
		if [ "$MODE" = nons ]; then export SBX_NO_NAMESPACES=1; else unset SBX_NO_NAMESPACES; fi
		T_LAST="sbx run -l python -e 'print(1)' [$MODE]"
		if left_behind "$dir"; then
			_fail "[$MODE] the run's memory cgroup is still there after the run"
		else
			_pass
		fi
	done
	unset SBX_NO_NAMESPACES
fi

MODE=ns
unset SBX_NO_NAMESPACES
run_suite
MODE=nons
export SBX_NO_NAMESPACES=1
run_suite
unset SBX_NO_NAMESPACES
finish
