#!/bin/sh
# Crash safety: sbx killed with SIGKILL at many points of deploy,
# exec-deployment and run (with its history write), then the state directory
# must be consistent — no half-visible deployment, a sound history database
# with no partial row — and nothing may be left behind: no process of the
# sandbox (every process the code starts dies with sbx), no working
# directory, no deployment temp directory, no cgroup.
#
# No sleeps: the kills are placed by events read from sbx's NDJSON output on
# a FIFO (its first event, execution_started, a marker the code prints
# before it loops, execution_completed — after which the history write
# happens) and, for deploy, by a growing amount of busy work in the shell.
# Process checks find the sandbox through its working directory (the
# execution id is in its name) and sbx through a token on its command line;
# see crash_strays.py.
. "$(dirname "$0")/../lib.sh"

HERE=$(cd "$(dirname "$0")" && pwd)
TOKEN="crash$$x$(od -An -N4 -tx4 /dev/urandom | tr -d ' \n')"
ITER=${CRASH_ITERATIONS:-40}
D="$SBX_STATE_DIR/deployments"
FIFO="$T_TMP/events"
ids="" # execution ids of every killed run (those that got one)
pids="" # pids of every killed sbx (their cgroups are named after them)
have_python=false
[ -x /usr/bin/python3 ] && have_python=true

# strays [ID...] — sandbox processes of these runs, or sbx processes with
# our token, still alive (see crash_strays.py). Empty output: clean.
strays() { python3 "$HERE/crash_strays.py" "$TOKEN" "$@"; }

# killed POINT SPIN ARGS... — starts "sbx ARGS" with NDJSON on a FIFO and
# kills it with SIGKILL at POINT (start: after SPIN rounds of busy work;
# validated: after the first event; started: after execution_started;
# marker: once the code printed MARK and loops; finished: after the final
# event, i.e. while the history is written). Sets $id (or "") and $kpid.
killed() {
	_point=$1
	_spin=$2
	shift 2
	rm -f "$FIFO"
	mkfifo "$FIFO"
	"$SBX" "$@" --format ndjson --label "crash=$TOKEN" >"$FIFO" 2>/dev/null </dev/null &
	kpid=$!
	exec 3<"$FIFO"
	_first=""
	if [ "$_point" = start ]; then
		_j=0
		while [ "$_j" -lt "$_spin" ]; do _j=$((_j + 1)); done
	else
		while IFS= read -r _line <&3; do
			_first=${_first:-$_line}
			case "$_point:$_line" in
			validated:*) break ;;
			started:*'"execution_started"'*) break ;;
			marker:*'"stdout"'*MARK*) break ;;
			finished:*'"execution_completed"'* | finished:*'"execution_failed"'*) break ;;
			esac
		done
		# After the final event sbx writes the history: spread the kills
		# over that write.
		if [ "$_point" = finished ]; then
			_j=0
			while [ "$_j" -lt "$_spin" ]; do _j=$((_j + 1)); done
		fi
	fi
	kill -9 "$kpid" 2>/dev/null
	wait "$kpid" 2>/dev/null
	# What sbx wrote before it died is still in the FIFO: the id, if any.
	_rest=$(timeout 10 cat <&3)
	exec 3<&-
	[ -n "$_first" ] || _first=$(printf '%s\n' "$_rest" | head -n 1)
	id=$(printf '%s' "$_first" | jq -r '.id // empty' 2>/dev/null)
	ids="$ids $id"
	pids="$pids $kpid"
	T_LAST="sbx $* killed at $_point (spin $_spin, id ${id:-none})"
}

# --- deployments the killed exec-deployments run ------------------------------
sbx run -e '"first"' # the history database exists before the kills
expect_rc 0
sbx deploy -n cjs -e 'console.log("MARK"); if (inputs.loop) { while (true) {} } return 7'
expect_rc 0
if $have_python; then
	sbx deploy -n cpy -l python -e 'import os
if inputs.get("loop"):
    os.fork()  # a child of the code: it must die with sbx too
    print("MARK", flush=True)
    while True:
        pass
print("MARK")
6 * 7'
	expect_rc 0
fi

# --- kill run and exec-deployment at every point, many times ------------------
# 5 kill points x 4 kinds of command; the spin of the "start" kills grows so
# they land at different moments of startup.
JSLOOP='console.log("MARK"); var i = 0; while (true) { i++; }'
PYLOOP='import os
os.fork()
print("MARK", flush=True)
while True:
    pass'
i=0
while [ "$i" -lt "$ITER" ]; do
	case $((i % 5)) in
	0) point=start ;;
	1) point=validated ;;
	2) point=started ;;
	3) point=marker ;;
	*) point=finished ;;
	esac
	loop=true
	[ "$point" = finished ] && loop=false
	kind=$((i / 5 % 4))
	$have_python || kind=$((kind & 2))
	case $kind in
	0)
		if $loop; then code=$JSLOOP; else code='console.log("MARK"); 40 + 2'; fi
		killed "$point" $((i * 40)) run -t 30 -e "$code"
		;;
	1)
		if $loop; then code=$PYLOOP; else code='print("MARK"); 40 + 2'; fi
		killed "$point" $((i * 40)) run -l python -t 30 -e "$code"
		;;
	2) killed "$point" $((i * 40)) exec-deployment cjs -t 30 -i "loop=$loop" ;;
	*) killed "$point" $((i * 40)) exec-deployment cpy -t 30 -i "loop=$loop" ;;
	esac
	# Right away, before another sbx could clean up after it: nothing of
	# the killed run may still run.
	left=$(strays $id)
	check "nothing of the killed run is left running: $left" test -z "$left"
	i=$((i + 1))
done
# The kill points were really reached: some runs got an id, some loops ran.
check "the killed runs had started (ids seen)" test -n "$(printf '%s' "$ids" | tr -d ' ')"

# --- kill deploy at many points ------------------------------------------------
i=0
while [ "$i" -lt "$ITER" ]; do
	lang=javascript
	code="return $i"
	if $have_python && [ $((i % 2)) -eq 1 ]; then
		lang=python
		code="$i"
	fi
	"$SBX" deploy -n killed -l "$lang" -e "$code" -f "$0" --label "crash=$TOKEN" \
		>/dev/null 2>&1 </dev/null &
	kpid=$!
	j=0
	while [ "$j" -lt $((i * 250)) ]; do j=$((j + 1)); done
	kill -9 "$kpid" 2>/dev/null
	wait "$kpid" 2>/dev/null
	pids="$pids $kpid"
	i=$((i + 1))
done
T_LAST="after the killed deploys"
left=$(strays)
check "no sbx deploy is left running: $left" test -z "$left"

# --- the state directory is consistent ------------------------------------------
sbx list --json
expect_rc 0
expect_jq 'type == "array"'
expect_jq 'all(.[]; .status == "active")'
sbx list --status damaged --json
expect_json . '[]'
# Every visible version of the killed deploys is whole: it loads and runs.
if [ -d "$D/killed" ]; then
	for v in $(ls "$D/killed" | grep -v '^\.'); do
		sbx get "killed@$v" --json
		expect_rc 0
		sbx exec-deployment "killed@$v" --json --no-history
		expect_rc 0
		expect_jq ".deployment == {\"name\": \"killed\", \"version\": $v}"
		check "killed@$v has its stored file" test -f "$D/killed/$v/files/test_crash_safety.sh"
	done
fi
sbx exec-deployment cjs --json --no-history
expect_rc 0
expect_json .result 7

# The history database: sound, every row complete, and still writable.
# Runs append to history.log; sbx stats imports it into the database.
sbx stats --json
expect_rc 0
db="$SBX_STATE_DIR/history.db"
sql() { sqlite3 -readonly "$db" "$1"; }
T_LAST="sqlite3 $db"
check "history: PRAGMA integrity_check is ok" \
	test "$(sql 'PRAGMA integrity_check')" = ok
rows=$(sql 'SELECT count(*) FROM executions')
bad=$(sql "SELECT count(*) FROM executions WHERE id IS NULL OR id = ''
	OR code_sha256 IS NULL OR length(code_sha256) != 64 OR status NOT IN
	('ok','error','timeout','memory_limit','output_limit','signaled','syscall_blocked',
	 'blocked','unavailable','sandbox_error')")
check "history: no incomplete row among $rows" test "$bad" = 0
sbx stats --json
expect_rc 0
expect_json .total "$rows"
sbx run -e '1 + 1' --json
expect_rc 0
sbx stats --json
expect_rc 0
after=$(sql 'SELECT count(*) FROM executions')
check "history: the next run is recorded ($rows -> $after)" test "$after" -eq $((rows + 1))

# --- nothing is left behind -----------------------------------------------------
# A killed sbx cannot clean up after itself: the next run (above, and one
# interpreter run here) sweeps the working directories and cgroups of runs
# whose sbx is gone; the next deploy removes deployment temp directories.
if $have_python; then
	sbx run -l python -e '1'
	expect_rc 0
fi
sbx deploy -n killed -e 'return "after"'
expect_rc 0
T_LAST="after the sweeping runs"
left=""
for id in $ids; do
	for base in "$SBX_STATE_DIR/work" /tmp/sbx-root-work "${TMPDIR:-/tmp}"; do
		for w in "$base/run-$id-"*; do
			[ -e "$w" ] && left="$left $w"
		done
	done
done
check "no working directory of a killed run is left:$left" test -z "$left"
tmps=$(find "$D" -maxdepth 2 -name '.tmp-*' 2>/dev/null)
check "no deployment temp directory is left: $tmps" test -z "$tmps"
# Only where our runs make their groups (crash_cgroups.py): a group of the
# same name elsewhere is another process tree's.
cg_parents=$(python3 "$HERE/crash_cgroups.py")
stale_cgroups() {
	cgs=""
	for p in $pids; do
		kill -0 "$p" 2>/dev/null && continue # the pid is someone else's now
		for d in $cg_parents; do
			[ -d "$d/sbx-$p" ] && cgs="$cgs $d/sbx-$p"
		done
	done
}
stale_cgroups
if [ -n "$cgs" ]; then
	# A killed sbx's pid that another process had taken while the runs
	# above swept (a busy machine wraps pids) kept its group, as it must:
	# the pid was alive. The next run after that process ended sweeps it.
	if $have_python; then "$SBX" run -l python -e '1' >/dev/null 2>&1; fi
	"$SBX" run -e '1' >/dev/null 2>&1
	stale_cgroups
fi
check "no cgroup of a killed sbx is left: $cgs" test -z "$cgs"
left=$(strays $ids)
check "no process of any killed run is left: $left" test -z "$left"
zombies=$(ps -o pid=,stat= --ppid $$ | awk '$2 ~ /^Z/')
check "no zombie child of this test: $zombies" test -z "$zombies"

# --- without namespaces: the code's children die with the next run at latest ----
# Without a pid namespace nothing kills a grandchild when sbx dies; the cgroup
# (named after sbx's pid) holds it, and the next run kills and removes the
# groups of sbx processes that are gone.
if $have_python; then
	export SBX_NO_NAMESPACES=1
	sbx run -l python --json -e '1'
	if printf '%s' "$out" | jq -e '.sandbox.cgroup != null' >/dev/null 2>&1; then
		nids=""
		for n in 1 2 3; do
			killed marker 0 run -l python -t 30 -e "$PYLOOP"
			nids="$nids $id"
		done
		sbx run -l python -e '1'
		expect_rc 0
		T_LAST="no namespaces: after the next run"
		left=$(strays $nids)
		check "no namespaces: the killed runs' processes are gone: $left" test -z "$left"
	else
		echo "skip: no-namespace crash check: no cgroup here"
	fi
	unset SBX_NO_NAMESPACES
fi

finish
