# tests/serve_lib.sh — sourced after lib.sh by the tests that drive
# sbx serve with curl (test_serve, test_serve_sessions, test_serve_events).
# The server writes its address to a FIFO (--ready-file): nothing sleeps
# to wait for it.

# start_server ARGS... — starts sbx serve; sets SRV_PID, ADDR and, for a
# unix socket, SOCK.
start_server() {
	rm -f "$T_TMP/ready"
	mkfifo "$T_TMP/ready"
	"$SBX" serve --ready-file "$T_TMP/ready" "$@" 2>>"$T_TMP/serve.log" &
	SRV_PID=$!
	ADDR=$(timeout 120 head -n 1 "$T_TMP/ready")
	SOCK=${ADDR#unix:}
}

# stop_server — SIGTERM, then its exit status in $srv_rc.
stop_server() {
	kill -TERM "$SRV_PID"
	wait "$SRV_PID"
	srv_rc=$?
}

# api METHOD PATH [BODY [CURL ARGS...]] — sets $out (body), $code (HTTP
# status), $hdrs (the response headers).
api() {
	_m=$1 _p=$2
	shift 2
	_body=${1-}
	[ $# -gt 0 ] && shift
	case $ADDR in
	unix:*) _conn="--unix-socket ${ADDR#unix:}" _base=http://sbx ;;
	*) _conn="" _base=$ADDR ;;
	esac
	# shellcheck disable=SC2086
	if [ -n "$_body" ]; then
		code=$(printf '%s' "$_body" | curl -s $_conn -X "$_m" -D "$T_TMP/hdrs" \
			-o "$T_TMP/body" -w '%{http_code}' --data-binary @- "$@" "$_base$_p")
	else
		code=$(curl -s $_conn -X "$_m" -D "$T_TMP/hdrs" -o "$T_TMP/body" \
			-w '%{http_code}' "$@" "$_base$_p")
	fi
	out=$(cat "$T_TMP/body")
	hdrs=$(tr -d '\r' <"$T_TMP/hdrs")
	T_LAST="$_m $_p $_body"
}

expect_code() {
	if [ "$code" = "$1" ]; then _pass; else _fail "HTTP status $code, expected $1"; fi
}

# expect_error STATUS CODE — a JSON error with that status and code.
expect_error() {
	expect_code "$1"
	expect_json .error.code "\"$2\""
	expect_jq '.error.message | length > 10'
}

# schema_ok METHOD PATH_TEMPLATE — the last answer matches docs/openapi.json.
schema_ok() {
	_ct=$(header Content-Type)
	if _why=$(/usr/bin/python3 "$TESTS_DIR/cli/openapi_check.py" "$ROOT_DIR/docs/openapi.json" \
		"$1" "$2" "$code" "$T_TMP/body" "${_ct%%;*}" 2>&1); then
		_pass
	else
		_fail "the answer does not match docs/openapi.json: $_why"
	fi
}

header() { printf '%s\n' "$hdrs" | sed -n "s/^$1: //Ip" | head -n 1; }

# stream_run SOCKET CODE — POST /v1/run of a Python CODE (timeout 300) with
# Accept: application/x-ndjson in the background, its events into the FIFO
# $T_TMP/stream read on fd 4; returns once execution_started has arrived
# (that line is in $line). Sets CURL_PID.
stream_run() {
	rm -f "$T_TMP/stream"
	mkfifo "$T_TMP/stream"
	curl -s -N --unix-socket "$1" -H 'Accept: application/x-ndjson' \
		--data-binary "$(jq -cn --arg c "$2" '{language: "python", code: $c, timeout: 300}')" \
		http://sbx/v1/run >"$T_TMP/stream" &
	CURL_PID=$!
	exec 4<"$T_TMP/stream"
	while read -r line <&4; do
		case $line in *execution_started*) break ;; esac
	done
}
