# tests/warm_pool_lib.sh — sourced after lib.sh and serve_lib.sh by the
# tests of sbx serve's warm pool (tests/cli/test_warm_pool.sh,
# tests/escape/test_warm_pool.sh).

# warm_config FILE SIZE — a config file with a Python pool of SIZE.
warm_config() {
	printf 'serve:\n  warm_pool:\n    python: %s\n' "$2" >"$1"
}

# start_warm_server CONFIG [ARGS...] — sbx serve in a process group of its
# own (setsid: the shell's child is no group leader, so setsid execs in
# place and SRV_PID is the server), so that what the server started is
# found by its process group, nothing machine-wide.
start_warm_server() {
	_cfg=$1
	shift
	rm -f "$T_TMP/ready"
	mkfifo "$T_TMP/ready"
	setsid "$SBX" serve --config "$_cfg" --ready-file "$T_TMP/ready" "$@" \
		2>>"$T_TMP/serve.log" &
	SRV_PID=$!
	ADDR=$(timeout 120 head -n 1 "$T_TMP/ready")
	SOCK=${ADDR#unix:}
}

# pool_full SIZE — waits until /v1/ready says the pool holds SIZE again
# (the refill is the server's thread: each try is one request, no sleep).
pool_full() {
	_n=0
	while [ $_n -lt 5000 ]; do
		api GET /v1/ready ""
		[ "$(printf '%s' "$out" | jq '.warm_pool.python.ready')" = "$1" ] && return 0
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
