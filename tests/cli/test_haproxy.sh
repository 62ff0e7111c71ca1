#!/bin/sh
# Three sbx serve nodes (--node 1-3, one state directory, as on shared
# storage) behind Debian's HAProxy, with examples/haproxy's configuration
# as it ships: 300 requests (runs in two languages, a deployment's
# executions) are spread over the nodes; a session's requests reach
# the node its id carries, by id and by name (307 from another node); a
# node killed with -9 in the middle of a run and a node drained with
# SIGTERM cost no request (each has exactly one completed record: the dead
# node's run is cancelled, the proxy's retry completes); HAProxy's own
# health checks (GET /v1/ready) see the dead node leave; the 20 sessions
# of all three nodes answer afterwards, with their state, through the node
# that is left (their leases moved to it). Every wait is on a word a
# program writes or an answer (a moved session's, asked again until it
# comes: a lease ends with time, which no event marks) (the
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

# The node number is checked where it is given.
sbx serve --node 0 --listen 127.0.0.1:0
expect_rc 125
expect_err_contains "--node"
SBX_NODE=x sbx session create -l python
expect_rc 125
expect_err_contains "SBX_NODE='x' is not a node number"
SBX_NODE=7 sbx session create -l python -n tagged --json
check "SBX_NODE=7: the id carries node 07" sh -c 'printf "%s" "$1" | jq -e ".id | startswith(\"s07\")" >/dev/null' _ "$out"
"$SBX" session delete tagged >/dev/null
unset SBX_NODE

# A short lease: a node's sessions move to another node soon after it left.
export SBX_LEASE_MS=1500
head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$T_TMP/token"
TOKEN=$(cat "$T_TMP/token")
for i in 1 2 3; do
	mkfifo "$T_TMP/ready$i"
	"$SBX" serve --node $i --listen 127.0.0.1:0 \
		--token-file "$T_TMP/token" --ready-file "$T_TMP/ready$i" 2>>"$T_TMP/node$i.log" &
	eval "PID$i=\$!"
	addr=$(timeout 120 head -n 1 "$T_TMP/ready$i")
	eval "SBX_NODE$i=\${addr#http://}"
done
export SBX_TOKEN="$TOKEN" SBX_NODE1 SBX_NODE2 SBX_NODE3 SBX_PROXY_ADDR=fd@3

mkfifo "$T_TMP/proxy_port"
python3 "$TESTS_DIR/cli/haproxy_bound.py" "$ROOT_DIR/examples/haproxy/haproxy.cfg" \
	"$T_TMP/proxy_port" >"$T_TMP/haproxy.log" 2>&1 &
HP_PID=$!
PORT=$(timeout 120 head -n 1 "$T_TMP/proxy_port")
PROXY="http://127.0.0.1:$PORT"

# runs FIRST LAST: that many runs through the proxy, four at a time; each
# answer's HTTP status on a line of $T_TMP/codes.
runs() {
	seq "$1" "$2" | xargs -P 4 -I{} curl -s -o "$T_TMP/answer{}.json" -w '%{http_code}\n' \
		-D "$T_TMP/answer{}.hdr" \
		-H "Authorization: Bearer $TOKEN" "$PROXY/v1/run" \
		-d '{"language": "python", "code": "print({} * 2)", "timeout": 300, "labels": {"req": "{}"}}' \
		>"$T_TMP/codes"
	answered "$1" "$2"
}

# answered FIRST LAST: runs FIRST..LAST were each answered 200 ($T_TMP/codes)
# with their own record ($T_TMP/answerN.json: ok, N * 2 printed).
answered() {
	check "runs $1-$2: every answer is 200 ($(sort "$T_TMP/codes" | uniq -c | tr '\n' ' '))" \
		test "$(grep -cx 200 "$T_TMP/codes")" -eq $(($2 - $1 + 1))
	bad=0
	for n in $(seq "$1" "$2"); do
		jq -e --arg n "$n" '.status == "ok" and .stdout == "\($n | tonumber * 2)\n"' \
			"$T_TMP/answer$n.json" >/dev/null 2>&1 || bad=$((bad + 1))
	done
	check "runs $1-$2: every record is the run's own ($bad wrong)" test "$bad" -eq 0
}

# busy ADDR: true once the node at ADDR says (its /v1/ready) that it runs
# something; asked until it does, a bounded loop on a condition, no sleep.
busy() {
	_tries=0
	until curl -s -H "Authorization: Bearer $TOKEN" "http://$1/v1/ready" |
		jq -e '.running >= 1' >/dev/null 2>&1; do
		_tries=$((_tries + 1))
		[ "$_tries" -ge 5000 ] && return 1
	done
	return 0
}

# completed_all: the runs' labels of every completed record.
completed_all() {
	"$SBX" events --format ndjson |
		jq -c 'select(.event == "execution_completed" and .session == null) | .labels.req' \
			>"$T_TMP/completed"
}

runs 1 12
check "the runs were spread over the nodes" \
	test "$(grep -hi '^X-Sbx-Node:' "$T_TMP"/answer*.hdr | tr -d '\r' | sort -u | wc -l)" -ge 2

# --- sessions: each request reaches the node its id carries --------------
# hcurl ARGS...: curl through the proxy; $out the body, $node the node that
# gave the last answer (X-Sbx-Node), $code its status.
hcurl() {
	out=$(curl -s -D "$T_TMP/h" -H "Authorization: Bearer $TOKEN" "$@")
	node=$(sed -n 's/^X-Sbx-Node: *\([0-9]*\).*/\1/Ip' "$T_TMP/h" | tail -n 1)
	code=$(sed -n 's/^HTTP\/[0-9.]* \([0-9]*\).*/\1/p' "$T_TMP/h" | tail -n 1)
}
# 20 sessions (workspaces), made through the proxy on whichever node.
WS=$(seq 1 20)
tags=""
for w in $WS; do
	hcurl "$PROXY/v1/sessions" -d "{\"language\": \"python\", \"name\": \"w$w\"}"
	id=$(printf '%s' "$out" | jq -r .id)
	tag=$((0x$(printf '%s' "$id" | cut -c2-3)))
	check "w$w: its id carries the node that made it ($id, node $node)" test "$tag" = "$node"
	eval "ID$w=$id TAG$w=$tag"
	tags="$tags $tag"
	hcurl "$PROXY/v1/sessions/$id/executions" -d "{\"code\": \"x = $w\", \"timeout\": 300}"
	check "w$w: by id, its node answers ($node, want $tag)" test "$code" = 200 -a "$node" = "$tag"
done
check "the sessions were made on several nodes ($tags)" \
	test "$(printf '%s\n' $tags | sort -u | wc -l)" -ge 2
for w in $WS; do
	eval "tag=\$TAG$w"
	hcurl -L "$PROXY/v1/sessions/w$w/executions" -d '{"code": "x * 10", "timeout": 300}'
	check "w$w: by name, through a 307 if need be, its node answers with its state" \
		test "$code" = 200 -a "$node" = "$tag" -a "$(printf '%s' "$out" | jq .result)" = "$((w * 10))"
done
# A node asked for a session another node holds answers 307 to its id.
for w in $WS; do
	eval "tag=\$TAG$w id=\$ID$w"
	other=$((tag % 3 + 1))
	eval "addr=\$SBX_NODE$other"
	hcurl "http://$addr/v1/sessions/w$w/executions" -d '{"code": "x", "timeout": 300}'
	check "node $other sends w$w (node $tag) to its id: $code" \
		test "$code" = 307 -a "$(sed -n 's/^Location: *//Ip' "$T_TMP/h" | tr -d '\r')" = "/v1/sessions/$id/executions?node=$tag"
done
hcurl "http://$SBX_NODE1/v1/sessions/no-such/executions" -d '{"code": "1"}'
check "an unknown name is 404 from any node ($code)" test "$code" = 404

# sbx --remote follows the 307 too, whichever node it lands on.
for w in $WS; do
	sbx --remote "$PROXY" --token-file "$T_TMP/token" session exec "w$w" -t 300 -e 'x + 1'
	check "sbx --remote session exec w$w by name ($out)" test "$rc" = 0 -a "$out" = "$((w + 1))"
done

# A node killed with -9 while it runs: its run is cancelled with it (the
# runner sees the server go), HAProxy sends the request to another node
# (retry-on empty-response), and that run is the only one that completes.
seq 13 18 | xargs -P 6 -I{} curl -s -o "$T_TMP/answer{}.json" -w '%{http_code}\n' \
	-H "Authorization: Bearer $TOKEN" "$PROXY/v1/run" \
	-d '{"language": "python", "code": "import time; time.sleep(3); print({} * 2)", "timeout": 300, "labels": {"req": "{}"}}' \
	>"$T_TMP/codes" &
SLOW=$!
check "node3 was running one of them when it was killed" busy "$SBX_NODE3"
kill -KILL "$PID3"
wait "$PID3" 2>/dev/null
wait "$SLOW"
answered 13 18
sig=$("$SBX" events --format ndjson |
	jq -c 'select(.event == "execution_failed" and .status == "signaled")' | wc -l)
check "node3's run was cancelled with it ($sig signaled records)" test "$sig" -ge 1
timeout 300 tail -n +1 -f "$T_TMP/haproxy.log" | grep -q -m 1 "node3 is DOWN"
check "HAProxy's health check saw node3 leave" grep -q "node3 is DOWN" "$T_TMP/haproxy.log"
runs 19 24

# A node drained with SIGTERM in the middle of 276 mixed requests
# (JavaScript and Python runs, a deployment's executions) finishes what it
# runs and leaves; no request is lost or answered twice.
"$SBX" deploy -n triple -l js -e 'console.log(inputs.n * 3)' >/dev/null
python3 "$TESTS_DIR/cli/haproxy_mixed.py" "127.0.0.1:$PORT" "$TOKEN" triple 25 276 >"$T_TMP/mixed" &
MIXED=$!
check "node2 was running one of them when it was told to drain" busy "$SBX_NODE2"
kill -TERM "$PID2"
wait "$PID2"
check "the drained node exited cleanly" test $? -eq 0
wait "$MIXED"
check "276 mixed requests, each answered 200 with its own record ($(head -n 1 "$T_TMP/mixed"))" \
	test "$(head -n 1 "$T_TMP/mixed")" = "sent 276 ok 276 bad 0"
# Their nodes gone, the sessions answer through node 1, from the shared
# state directory: a node's daemons stop (and release their leases) once
# their server has ended, and node 1 takes each over. Until then node 1
# sends it to its holder (307, ?node=N), which HAProxy, that node being
# down, sends back: asked again until it answers (at most 60 s).
for w in $WS; do
	_tries=0
	hcurl -L "$PROXY/v1/sessions/w$w/executions" -d '{"code": "x", "timeout": 300}'
	while [ "$code" = 307 ] && [ "$_tries" -lt 600 ]; do
		_tries=$((_tries + 1))
		sleep 0.1
		hcurl -L "$PROXY/v1/sessions/w$w/executions" -d '{"code": "x", "timeout": 300}'
	done
	check "w$w answers after its node left ($code)" test "$code" = 200 -a "$(printf '%s' "$out" | jq .result)" = "$w"
	eval "id=\$ID$w"
	gen=$(ls "$SBX_STATE_DIR/sessions/$id" | sed -n 's/^lease\.//p' | sort -n | tail -n 1)
	check "w$w: node 1 holds its lease now (generation $gen)" \
		test "$(jq .node "$SBX_STATE_DIR/sessions/$id/lease.$gen")" = 1
done

completed_all
dups=$(sort "$T_TMP/completed" | uniq -d | tr '\n' ' ')
check "each of the 300 requests has exactly one completed record (duplicated: '$dups')" \
	test "$(sort -u "$T_TMP/completed" | wc -l)" -eq 300 -a -z "$dups"

for w in $WS; do "$SBX" session delete "w$w" >/dev/null; done
kill -TERM "$HP_PID" "$PID1" 2>/dev/null
wait "$PID1" 2>/dev/null
wait "$HP_PID" 2>/dev/null
finish
