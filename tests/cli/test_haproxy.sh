#!/bin/sh
# Three sbx serve nodes behind Debian's HAProxy, with examples/haproxy's
# configuration as it ships: runs are spread over the nodes, a node killed
# with -9 and a node drained with SIGTERM cost no request (each has exactly
# one completed record), and HAProxy's own health checks (GET /v1/ready)
# see the dead node leave. Every wait is on a word a program writes (the
# nodes' ready FIFOs, HAProxy's log), never on time: HAProxy gets its
# listening socket already bound (fd@3), so the first request queues in the
# backlog until it accepts.
. "$(dirname "$0")/../lib.sh"

for tool in haproxy curl jq; do
	command -v $tool >/dev/null 2>&1 || {
		echo "$T_NAME: $tool is missing: build-aux/deps.sh test installs it" >&2
		exit 1
	}
done

head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$T_TMP/token"
TOKEN=$(cat "$T_TMP/token")
for i in 1 2 3; do
	mkfifo "$T_TMP/ready$i"
	SBX_STATE_DIR="$T_TMP/node$i" "$SBX" serve --listen 127.0.0.1:0 \
		--token-file "$T_TMP/token" --ready-file "$T_TMP/ready$i" 2>>"$T_TMP/node$i.log" &
	eval "PID$i=\$!"
	addr=$(timeout 120 head -n 1 "$T_TMP/ready$i")
	eval "SBX_NODE$i=\${addr#http://}"
done
export SBX_TOKEN="$TOKEN" SBX_NODE1 SBX_NODE2 SBX_NODE3 SBX_PROXY_ADDR=fd@3

mkfifo "$T_TMP/proxy_port"
python3 - "$ROOT_DIR/examples/haproxy/haproxy.cfg" "$T_TMP/proxy_port" \
	>"$T_TMP/haproxy.log" 2>&1 <<'PY' &
import os, socket, sys
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(128)
os.dup2(s.fileno(), 3)
os.set_inheritable(3, True)  # dup2 onto itself keeps it close-on-exec
with open(sys.argv[2], "w") as f:
    f.write("%d\n" % s.getsockname()[1])
os.execvp("haproxy", ["haproxy", "-db", "-f", sys.argv[1]])
PY
HP_PID=$!
PORT=$(timeout 120 head -n 1 "$T_TMP/proxy_port")
PROXY="http://127.0.0.1:$PORT"

# runs FIRST LAST: that many runs through the proxy, four at a time; each
# answer's HTTP status on a line of $T_TMP/codes.
runs() {
	seq "$1" "$2" | xargs -P 4 -I{} curl -s -o "$T_TMP/answer{}.json" -w '%{http_code}\n' \
		-H "Authorization: Bearer $TOKEN" "$PROXY/v1/run" \
		-d '{"language": "python", "code": "print({} * 2)", "timeout": 300, "labels": {"req": "{}"}}' \
		>"$T_TMP/codes"
	check "runs $1-$2: every answer is 200 ($(sort "$T_TMP/codes" | uniq -c | tr '\n' ' '))" \
		test "$(grep -cx 200 "$T_TMP/codes")" -eq $(($2 - $1 + 1))
	bad=0
	for n in $(seq "$1" "$2"); do
		jq -e --arg n "$n" '.status == "ok" and .stdout == "\($n | tonumber * 2)\n"' \
			"$T_TMP/answer$n.json" >/dev/null 2>&1 || bad=$((bad + 1))
	done
	check "runs $1-$2: every record is the run's own ($bad wrong)" test "$bad" -eq 0
}

# completed N: how many completed records the nodes have for run N.
completed_all() {
	for i in 1 2 3; do
		SBX_STATE_DIR="$T_TMP/node$i" "$SBX" events --format ndjson 2>/dev/null |
			jq -c 'select(.event == "execution_completed") | .labels.req'
	done >"$T_TMP/completed"
}

runs 1 12
completed_all
check "the runs were spread over the nodes" \
	test "$(for i in 1 2 3; do SBX_STATE_DIR="$T_TMP/node$i" "$SBX" events --format ndjson |
		grep -c execution_completed; done | grep -cv '^0$')" -ge 2

# A node killed with -9: HAProxy's check sees it leave; no run is lost.
kill -KILL "$PID3"
wait "$PID3" 2>/dev/null
timeout 300 tail -n +1 -f "$T_TMP/haproxy.log" | grep -q -m 1 "node3 is DOWN"
check "HAProxy's health check saw node3 leave" grep -q "node3 is DOWN" "$T_TMP/haproxy.log"
runs 13 24

# A node drained with SIGTERM finishes and leaves; no run is lost.
kill -TERM "$PID2"
wait "$PID2"
check "the drained node exited cleanly" test $? -eq 0
runs 25 36

completed_all
dups=$(sort "$T_TMP/completed" | uniq -d | tr '\n' ' ')
check "each run has exactly one completed record (36; duplicated: '$dups')" \
	test "$(sort -u "$T_TMP/completed" | wc -l)" -eq 36 -a -z "$dups"

kill -TERM "$HP_PID" "$PID1" 2>/dev/null
wait "$PID1" 2>/dev/null
wait "$HP_PID" 2>/dev/null
finish
