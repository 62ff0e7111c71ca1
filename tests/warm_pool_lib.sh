# tests/warm_pool_lib.sh — sourced after lib.sh and serve_lib.sh by the
# tests of sbx serve's warm pool (tests/cli/test_warm_*.sh,
# tests/escape/test_warm_*.sh).

# warm_config FILE SIZE [LANG...] — a config file with a pool of SIZE for
# each LANG (default: python).
warm_config() {
	_f=$1 _n=$2
	shift 2
	[ $# -gt 0 ] || set -- python
	printf 'serve:\n  warm_pool:\n' >"$_f"
	for _l; do
		printf '    %s: %s\n' "$_l" "$_n" >>"$_f"
	done
}

# start_warm_server CONFIG [ARGS...] — sbx serve in a process group of its
# own (setsid: its shell is no group leader, so setsid execs in place and
# SRV_PID is the server), so that what the server started is found by its
# process group, nothing machine-wide. A server that ends before it
# listens (a config it refuses) ends the test at once, failed.
start_warm_server() {
	_cfg=$1
	shift
	rm -f "$T_TMP/ready" "$T_TMP/srv.pid"
	mkfifo "$T_TMP/ready"
	(
		sh -c 'echo $$ >"$1"; shift; exec setsid "$@"' - "$T_TMP/srv.pid" \
			"$SBX" serve --config "$_cfg" --ready-file "$T_TMP/ready" "$@" \
			2>>"$T_TMP/serve.log"
		echo $? >"$T_TMP/srv.rc"
		# The server is gone: a reader still waiting gets EOF (read-write:
		# the open never waits for a reader).
		: 1<>"$T_TMP/ready"
	) &
	WRAP_PID=$!
	ADDR=$(timeout 120 head -n 1 "$T_TMP/ready")
	SRV_PID=$(cat "$T_TMP/srv.pid")
	SOCK=${ADDR#unix:}
	if [ -z "$ADDR" ]; then
		_fail "sbx serve --config $_cfg did not start: $(cat "$T_TMP/serve.log")"
		finish
		exit 1
	fi
}

# stop_warm_server — SIGTERM, then its exit status in $srv_rc.
stop_warm_server() {
	kill -TERM "$SRV_PID"
	wait "$WRAP_PID"
	srv_rc=$(cat "$T_TMP/srv.rc")
}

# expect_drained — stops the server (stop_warm_server) and checks that
# its drain ended cleanly and left nothing of its process group.
expect_drained() {
	stop_warm_server
	check "the server drained cleanly" test "$srv_rc" -eq 0
	n=$(group_count)
	check "nothing of the server's process group is left ($n)" test "$n" -eq 0
}

# pool_full SIZE [LANG] — waits until /v1/ready says LANG's pool (default:
# python) holds SIZE again, all set up (the refill is the server's thread:
# each try is one request, no sleep).
pool_full() {
	_n=0
	while [ $_n -lt 5000 ]; do
		api GET /v1/ready ""
		_r=$(printf '%s' "$out" | jq --arg l "${2:-python}" \
			'.warm_pool[$l] | if . then .set_up else null end')
		[ "$_r" = "$1" ] && return 0
		[ "$_r" != null ] || return 1 # no pool at all
		_n=$((_n + 1))
	done
	return 1
}

# run_py CODE — POST /v1/run of plain Python code (what the pool takes).
run_py() {
	api POST /v1/run "$(jq -cn --arg c "$1" '{language: "python", code: $c}')"
}

# group_count — the processes in the server's process group.
group_count() {
	ps -o pid= -g "$SRV_PID" | wc -l
}

# start_cold_server — a server without a pool beside the warm one, on a
# state directory of its own ($COLD_STATE), listening on $COLD_SOCK; its
# pid in $COLD_PID (the caller's trap stops it).
start_cold_server() {
	COLD_STATE=$T_TMP/cold
	mkfifo "$T_TMP/cold.ready"
	"$SBX" serve --state-dir "$COLD_STATE" --ready-file "$T_TMP/cold.ready" \
		2>>"$T_TMP/cold.log" &
	COLD_PID=$!
	COLD_SOCK=$(timeout 120 head -n 1 "$T_TMP/cold.ready")
	COLD_SOCK=${COLD_SOCK#unix:}
}

# start_warm_pool LANG — a server with a pool of SIZE for LANG (started
# by start_warm_server), waited for until every sandbox is set up.
start_warm_pool() {
	warm_config "$T_TMP/warm.yaml" "$SIZE" "$1"
	start_warm_server "$T_TMP/warm.yaml"
	pool_full "$SIZE" "$1"
	check "the $1 pool is set up" test $? -eq 0
	expect_jq ".warm_pool.$1 == {\"size\": $SIZE, \"ready\": $SIZE, \"set_up\": $SIZE, \"on\": true}"
}

# run_warm LANG CODE — POST /v1/run of plain LANG code once the pool of
# SIZE is full again (the next run takes another warm sandbox).
run_warm() {
	pool_full "$SIZE" "$1"
	check "the $1 pool is full again" test $? -eq 0
	printf '%s' "$2" >"$T_TMP/src" # no argv word: it may be longer than one
	api POST /v1/run "$(jq -cn --arg l "$1" --rawfile c "$T_TMP/src" '{language: $l, code: $c}')"
	T_LAST="$1: $(printf '%.60s' "$2")"
}

# cold_run BODY — POST /v1/run of BODY to the cold server; prints the answer.
cold_run() {
	printf '%s' "$1" | curl -s --unix-socket "$COLD_SOCK" --data-binary @- http://sbx/v1/run
}

# warm_vs_cold LANG CODE — CODE run warm (the pool of SIZE full first) and
# by the cold server: the records, their history and their events the same
# but for ids, times, memory and warm (expect_same_warm_cold). Leaves the
# warm record in $out and $warm, the cold one in $cold.
same='del(.id, .time, .time_ms, .memory_kb, .warm)'
warm_vs_cold() {
	run_warm "$1" "$2"
	_wvc=$(jq -cn --arg l "$1" --rawfile c "$T_TMP/src" '{language: $l, code: $c}')
	T_LAST="warm $1: $(printf '%.60s' "$2")"
	expect_code 200
	expect_jq '.warm == true'
	warm=$out
	out=$(cold_run "$_wvc")
	expect_jq '.warm == false'
	cold=$out
	expect_same_warm_cold
	out=$warm
}

# expect_same_warm_cold — the records $warm (this server's) and $cold (the
# server on COLD_STATE's) are the same but for what $same (a jq filter)
# deletes, with the same keys, and so are their history and their events.
expect_same_warm_cold() {
	check "the same record warm and cold" \
		test "$(printf '%s' "$warm" | jq -cS "$same")" = "$(printf '%s' "$cold" | jq -cS "$same")"
	check "the same keys warm and cold" \
		test "$(printf '%s' "$warm" | jq -c 'keys')" = "$(printf '%s' "$cold" | jq -c 'keys')"
	wid=$(printf '%s' "$warm" | jq -r .id)
	cid=$(printf '%s' "$cold" | jq -r .id)
	sbx history show "$wid" --format json
	expect_rc 0
	hw=$(printf '%s' "$out" | jq -cS "$same")
	sbx history show "$cid" --format json --state-dir "$COLD_STATE"
	check "the same history warm and cold" test "$hw" = "$(printf '%s' "$out" | jq -cS "$same")"
	sbx events --format ndjson
	ew=$(printf '%s\n' "$out" | jq -c --arg id "$wid" 'select(.id == $id) | .event' | tr '\n' ' ')
	sbx events --format ndjson --state-dir "$COLD_STATE"
	ec=$(printf '%s\n' "$out" | jq -c --arg id "$cid" 'select(.id == $id) | .event' | tr '\n' ' ')
	check "the same events warm and cold ($ew)" test -n "$ew" -a "$ew" = "$ec"
}

# expect_corpus_verdict FILE STREAMS — $out, the warm record of the escape
# corpus program FILE, says what FILE's headers want: a status among
# sbx-expect's, sbx-want's text in STREAMS (a jq expression: .stdout, or
# (.stdout + .stderr)), sbx-jq's filter true, and no ESCAPED in STREAMS.
expect_corpus_verdict() {
	T_LAST="warm corpus $(basename "$1")"
	expect_code 200
	expect_jq '.warm == true'
	_want=$(sed -n 's/.*sbx-expect: *//p' "$1" | head -n 1)
	_status=$(printf '%s' "$out" | jq -r .status)
	check "$(basename "$1"): status $_status is one of $_want" \
		sh -c "printf '|%s|' '$_want' | grep -q '[|]$_status[|]'"
	_want=$(sed -n 's/.*sbx-want: *//p' "$1" | head -n 1)
	[ -z "$_want" ] || check "$(basename "$1") prints $_want" \
		sh -c 'printf "%s" "$1" | jq -e --arg w "$2" "$3 | contains(\$w)" >/dev/null' \
		- "$out" "$_want" "$2"
	_want=$(sed -n 's/.*sbx-jq: *//p' "$1" | head -n 1)
	[ -z "$_want" ] || expect_jq "$_want"
	expect_jq "($2 | contains(\"ESCAPED\")) | not"
}
