#!/bin/sh
# A session's lease (src/session/session_lease.c): three sbx serve nodes
# (--node 1-3) share one state directory, as on shared storage, with a
# short lease (SBX_LEASE_MS). A session whose node died (kill -9 of the
# node and of the session's daemon, everything the node ran) is taken over
# by another node at its next request once its lease expired, with its
# variables and files; two nodes that race for the same expired lease
# (two requests released together by FIFOs) run it once: one answers, the
# other says 409 or 307 and nothing of its request ran; a node stalled
# past its lease (SIGSTOP of the session's daemon, an execution waiting on
# it, SIGCONT after another node took over) finds its lease lost and stops
# without running that execution or writing the session's state; one
# stalled past its lease that no node took takes the next generation
# itself and goes on with its kernel; a node whose server ends has its daemons release their leases. Every
# wait is on a condition (an answer, a file, a process), never on time.
. "$(dirname "$0")/../lib.sh"

for tool in curl jq; do
	command -v $tool >/dev/null 2>&1 || {
		echo "$T_NAME: $tool is missing: build-aux/deps.sh test installs it" >&2
		exit 1
	}
done

# The duration is checked where the nodes start.
SBX_LEASE_MS=5 sbx serve --node 1 --listen 127.0.0.1:0
expect_rc 125
expect_err_contains "SBX_LEASE_MS='5' is not a lease duration"

# 3 s: long enough that a request sent right after a SIGSTOP still finds
# the lease live on a loaded machine, short enough to wait for its end.
export SBX_LEASE_MS=3000
head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$T_TMP/token"
TOKEN=$(cat "$T_TMP/token")
for i in 1 2 3; do
	mkfifo "$T_TMP/ready$i"
	"$SBX" serve --node $i --listen 127.0.0.1:0 \
		--token-file "$T_TMP/token" --ready-file "$T_TMP/ready$i" 2>>"$T_TMP/node$i.log" &
	eval "PID$i=\$!"
	addr=$(timeout 120 head -n 1 "$T_TMP/ready$i")
	eval "ADDR$i=\${addr#http://}"
done
STOPPED=""
cleanup() {
	[ -n "$STOPPED" ] && kill -CONT "$STOPPED" 2>/dev/null
	kill "$PID1" "$PID2" "$PID3" 2>/dev/null
	wait "$PID1" "$PID2" "$PID3" 2>/dev/null
	# the sessions' daemons, which outlive their nodes (setsid)
	[ -n "${ID:-}" ] && "$SBX" session delete "$ID" >/dev/null 2>&1
	rm -rf "$T_TMP"
}
trap cleanup EXIT

# ncurl N PATH [BODY]: a request to node N (POST with a body); $out its
# body, $code its status, $node its X-Sbx-Node, $loc its Location. Its
# headers go to $HDR: a request in the background sets its own.
HDR="$T_TMP/h"
ncurl() {
	_addr=$(eval echo "\$ADDR$1")
	if [ $# -ge 3 ]; then
		out=$(curl -s -m 120 -D "$HDR" -H "Authorization: Bearer $TOKEN" "http://$_addr$2" -d "$3")
	else
		out=$(curl -s -m 120 -D "$HDR" -H "Authorization: Bearer $TOKEN" "http://$_addr$2")
	fi
	code=$(sed -n 's/^HTTP\/[0-9.]* \([0-9]*\).*/\1/p' "$HDR" | tail -n 1)
	node=$(sed -n 's/^X-Sbx-Node: *\([0-9]*\).*/\1/Ip' "$HDR" | tail -n 1)
	loc=$(sed -n 's/^Location: *\([^\r]*\).*/\1/Ip' "$HDR" | tail -n 1)
}

# The session's lease: its newest generation, and a field of it.
lease_gen() { ls "$SDIR" | sed -n 's/^lease\.\([0-9]*\)$/\1/p' | sort -n | tail -n 1; }
lease() { jq -r ".$1" "$SDIR/lease.$(lease_gen)"; }

# expired N: asks node N about the session until it answers for it
# itself (no 307 to the holder: the lease has expired), at most 60 s.
# The condition is the node's answer; the pause between two questions
# only spares the CPU (a lease ends with time, which no event marks).
expired() {
	_tries=0
	ncurl "$1" "/v1/sessions/$ID"
	while [ "$code" = 307 ]; do
		_tries=$((_tries + 1))
		[ "$_tries" -ge 1200 ] && return 1
		sleep 0.05
		ncurl "$1" "/v1/sessions/$ID"
	done
	[ "$code" = 200 ]
}

# gone PID: true once the process has ended (at most 60 s).
gone() { timeout 60 tail --pid="$1" -s 0.05 -f /dev/null; }

# killgroup PID: kill -9 of the process group of the session's daemon
# PID (its own since its start's setsid; its kernel dies with it).
killgroup() { kill -9 -"$(ps -o pgid= -p "$1" | tr -d ' ')"; }

# --- a node dies: the session goes on elsewhere ---------------------------
ncurl 1 /v1/sessions '{"language": "python", "name": "w"}'
ID=$(printf '%s' "$out" | jq -r .id)
SDIR="$SBX_STATE_DIR/sessions/$ID"
check "node 1 made the session ($code, $ID)" test "$code" = 200 -a "${ID#s01}" != "$ID"
ncurl 1 "/v1/sessions/$ID/executions" \
	'{"code": "x = 42\nopen(\"kept.txt\", \"w\").write(\"files too\")", "timeout": 300}'
check "node 1 ran its first execution ($code)" test "$code" = 200
check "node 1's daemon holds the lease (generation $(lease_gen), node $(lease node))" \
	test "$(lease node)" = 1 -a "$(lease_gen)" = 1
check "the lease expires about SBX_LEASE_MS from now" \
	test "$(($(lease expires_at_ms) - $(date +%s%3N)))" -le 3000
DAEMON=$(lease pid)

# While it is live, another node sends the session's requests to it.
ncurl 2 "/v1/sessions/w/executions" '{"code": "print(1)", "timeout": 300}'
check "node 2: 307 to node 1's session by its id, ?node=1 ($code $loc)" \
	test "$code" = 307 -a "$loc" = "/v1/sessions/$ID/executions?node=1"

# Node 1 dies: the server, and the session's daemon with its kernel (its
# own process group: the daemon started it with setsid).
kill -9 "$PID1"
killgroup "$DAEMON"
wait "$PID1" 2>/dev/null
check "node 1 and the session's daemon are dead" gone "$DAEMON"
check "node 2 answers for the session once node 1's lease expired" expired 2
ncurl 2 "/v1/sessions/$ID/executions" \
	'{"code": "x += 1\nprint(x, open(\"kept.txt\").read())", "timeout": 300}'
check "node 2 restored it: its variables and files ($code, node $node: $out)" \
	sh -c 'test "$1" = 200 -a "$2" = 2 && printf "%s" "$3" | jq -e ".stdout == \"43 files too\n\" and .session.restored" >/dev/null' _ "$code" "$node" "$out"
check "node 2 took the lease: generation 2 ($(lease_gen), node $(lease node))" \
	test "$(lease_gen)" = 2 -a "$(lease node)" = 2
ncurl 3 "/v1/sessions/$ID" 
check "node 3: 307 to node 2 for the session (?node=2: $code $loc)" \
	test "$code" = 307 -a "$loc" = "/v1/sessions/$ID?node=2"

# --- two nodes race for the same expired lease ----------------------------
DAEMON=$(lease pid)
killgroup "$DAEMON"
check "node 2's daemon of the session is dead" gone "$DAEMON"
check "node 3 answers for the session once its lease expired" expired 3
for n in 2 3; do
	mkfifo "$T_TMP/go$n"
	(
		HDR="$T_TMP/h.race$n"
		read -r _ <"$T_TMP/go$n"
		ncurl $n "/v1/sessions/$ID/executions" '{"code": "x += 1\nprint(x)", "timeout": 300}'
		printf '%s %s\n' "$code" "$(printf '%s' "$out" | jq -r '.stdout // .error.kind // empty' | tr -d '\n')" \
			>"$T_TMP/race$n"
		printf '%s\n' "$out" >"$T_TMP/race$n.json"
	) &
	eval "RACE$n=\$!"
done
echo go >"$T_TMP/go2" &
echo go >"$T_TMP/go3"
wait "$RACE2" "$RACE3"
r2=$(cat "$T_TMP/race2")
r3=$(cat "$T_TMP/race3")
check "exactly one node ran it, with the state (node 2: $r2; node 3: $r3; $(cat "$T_TMP"/race?.json | jq -c .error))" \
	sh -c 'case "$1|$2" in "200 44|409 conflict" | "200 44|307 " | "409 conflict|200 44" | "307 |200 44") ;; *) exit 1 ;; esac' _ "$r2" "$r3"
WIN=$(lease node)
check "one takeover: generation 3, the winner's ($WIN)" \
	sh -c 'test "$1" = 3 && grep -q "^200" "$2/race$3"' _ "$(lease_gen)" "$T_TMP" "$WIN"
ncurl "$WIN" "/v1/sessions/$ID/executions" '{"code": "print(x)", "timeout": 300}'
check "the loser ran nothing of its request: x is 44 ($out)" \
	sh -c 'printf "%s" "$1" | jq -e ".stdout == \"44\n\"" >/dev/null' _ "$out"

# --- a node stalled past its lease ---------------------------------------
OTHER=$((WIN == 2 ? 3 : 2))
DAEMON=$(lease pid)
# The daemon's whole process group (its kernel's host too): were one of
# them to end meanwhile, the kernel would wake the group (an orphaned
# process group with a stopped member gets SIGCONT).
GROUP=$(ps -o pgid= -p "$DAEMON" | tr -d ' ')
kill -STOP -"$GROUP"
STOPPED=-$GROUP
# An execution reaches the stalled daemon while its lease is live: it
# waits in the daemon's socket.
(
	HDR="$T_TMP/h.stalled"
	ncurl "$WIN" "/v1/sessions/$ID/executions" '{"code": "x += 1000\nprint(x)", "timeout": 300}'
	printf '%s %s (node %s)\n' "$code" "$(printf '%s' "$out" | jq -c '.stdout // .error' | tr -d '\n')" "$node" \
		>"$T_TMP/stalled"
) &
STALLED_REQ=$!
check "node $OTHER answers for the session once the stalled node's lease expired" expired "$OTHER"
ncurl "$OTHER" "/v1/sessions/$ID/executions" '{"code": "x += 100\nprint(x)", "timeout": 300}'
check "node $OTHER took it over: x is 144 ($code, $out)" \
	sh -c 'test "$1" = 200 && printf "%s" "$2" | jq -e ".stdout == \"144\n\"" >/dev/null' _ "$code" "$out"
kill -CONT -"$GROUP"
STOPPED=""
check "the stalled daemon stopped once it woke" gone "$DAEMON"
wait "$STALLED_REQ"
st=$(cat "$T_TMP/stalled")
check "the execution that waited on it did not run ($st)" \
	sh -c 'case "$1" in 200*|*1044*) exit 1 ;; esac' _ "$st"
check "its daemon.log says it lost the lease" grep -q "its lease is lost" "$SDIR/daemon.log"
# Its kernel saved nothing over the new holder's state: a kernel that
# restores it (after a stop) finds x as the new holder left it.
ncurl "$OTHER" "/v1/sessions/$ID/stop" '{}'
check "node $OTHER stopped the session ($code)" test "$code" = 200
# released before the answer, not on the daemon's way out: the next
# request (below, at once) starts a daemon that finds it free
check "the stop's answer came with its lease released ($(lease expires_at_ms))" \
	test "$(lease expires_at_ms)" = 0
ncurl "$OTHER" "/v1/sessions/$ID/executions" '{"code": "print(x)", "timeout": 300}'
check "the saved state is the new holder's: x is 144, restored ($out)" \
	sh -c 'printf "%s" "$1" | jq -e ".stdout == \"144\n\" and .session.restored" >/dev/null' _ "$out"
ncurl "$OTHER" "/v1/sessions/$ID"
check "the manifest counts the holders' executions only (6: $out)" \
	sh -c 'printf "%s" "$1" | jq -e ".execution_count == 6" >/dev/null' _ "$out"
check "node $OTHER holds generation 5 (took 4, released it at the stop, took 5)" \
	test "$(lease_gen)" = 5 -a "$(lease node)" = "$OTHER"

# --- a daemon stalled past its lease that no node took keeps it ----------
# (a kernel's start longer than the lease, a machine that paused): it
# takes the next generation itself, as a taker would, and goes on with
# its kernel; the next request on its node finds it, not a second daemon.
ncurl "$OTHER" "/v1/sessions/$ID/executions" '{"code": "print(x)", "timeout": 300}'
check "node $OTHER runs the session again ($code)" test "$code" = 200 -a "$(lease node)" = "$OTHER"
DAEMON=$(lease pid)
GEN=$(lease_gen)
GROUP=$(ps -o pgid= -p "$DAEMON" | tr -d ' ')
kill -STOP -"$GROUP"
STOPPED=-$GROUP
# until the lease has expired by the clock (a fifth of the lease past
# it, as a taker waits), the pause sparing the CPU
until [ "$(date +%s%3N)" -gt "$(($(lease expires_at_ms) + 600))" ]; do sleep 0.05; done
kill -CONT -"$GROUP"
STOPPED=""
# it wakes, renews too late, takes the next generation
_tries=0
until [ "$(lease_gen)" != "$GEN" ] || ! kill -0 "$DAEMON" 2>/dev/null || [ "$_tries" -ge 1200 ]; do
	_tries=$((_tries + 1))
	sleep 0.05
done
check "the woken daemon took generation $((GEN + 1)) itself ($(lease_gen), node $(lease node), pid $(lease pid))" \
	test "$(lease_gen)" = $((GEN + 1)) -a "$(lease pid)" = "$DAEMON" -a "$(lease node)" = "$OTHER"
ncurl "$OTHER" "/v1/sessions/$ID/executions" '{"code": "print(x)", "timeout": 300}'
check "and answers with its kernel's state, not restored ($out)" \
	sh -c 'printf "%s" "$1" | jq -e ".stdout == \"144\n\" and (.session.restored | not)" >/dev/null' _ "$out"
check "its daemon.log has one lost lease, the earlier one" test "$(grep -c "its lease is lost" "$SDIR/daemon.log")" = 1

# --- a node's server ends: its daemons release their leases -------------
# (drained, or killed alone): the session's daemon stops between
# executions, its state saved, and another node need not wait the lease.
DAEMON=$(lease pid)
eval "kill -9 \$PID$OTHER"
check "node $OTHER's server gone, the session's daemon stopped" gone "$DAEMON"
check "it released the lease (expires_at_ms 0)" test "$(lease expires_at_ms)" = 0
ncurl "$WIN" "/v1/sessions/$ID/executions" '{"code": "print(x)", "timeout": 300}'
check "node $WIN took it over at once, with its state ($code, $out)" \
	sh -c 'test "$1" = 200 && printf "%s" "$2" | jq -e ".stdout == \"144\n\"" >/dev/null' _ "$code" "$out"

finish
