#!/bin/sh
# The caller's environment through /proc (issue 26), where the code lives
# longest: a Python session's kernel (over several executions and after the
# kernel restarts) and runs and sessions through `sbx serve`. The pid
# namespace's init is a fork of sbx, of the session daemon or of the
# server's child, so it held their arguments, environment (here the secret
# SBX_ESC_SECRET, set for every sbx below) and heap; the corpus program
# python/proc_secrets.py reads environ, cmdline, maps and mem of every
# process it can reach. In both modes of whoever runs this
# (test_escape_proc_env_user.sh re-runs it as sbx-ci); one-shot runs of
# every language are in the corpus (proc_secrets.*).
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/session_lib.sh"
. "$TESTS_DIR/serve_lib.sh"
SCAN=$(cd "$(dirname "$0")" && pwd)/corpus/python/proc_secrets.py
export SBX_ESC_SECRET="sbxsecret-$$"
command -v curl >/dev/null || {
	echo "test_escape_proc_env: curl is missing: build-aux/deps.sh test installs it" >&2
	exit 1
}

# contained WHAT: $out's record (or its stdout, for an ndjson-less API
# answer) says BLOCKED and nothing ESCAPED.
contained() {
	if printf '%s' "$out" | jq -e '(.stdout | test("BLOCKED")) and
		([.stdout, .stderr] | all(test("ESCAPED") | not))' >/dev/null 2>&1; then
		_pass
	else
		_fail "[$MODE] $1: $(printf '%s' "$out" | jq -r .stdout 2>/dev/null | grep ESCAPED | head -n 3)"
	fi
}

run_mode() {
	MODE=$1
	if [ "$2" = 1 ]; then unset SBX_NO_NAMESPACES; else export SBX_NO_NAMESPACES=1; fi

	# --- a Python session: the kernel's init is a fork of the daemon ---
	sbx session create -l python
	id=$out
	for n in 1 2; do
		sbx session exec "$id" --json -t 60 -i secret_env=SBX_ESC_SECRET -i pid=0 "$SCAN"
		contained "session execution $n"
	done
	# A new kernel, a new init: forked from the daemon again.
	sbx session exec "$id" --json -e 'import os; os._exit(0)'
	sbx session exec "$id" --json -t 60 -i secret_env=SBX_ESC_SECRET -i pid=0 "$SCAN"
	contained "session execution after the kernel restarted"
	check "[$MODE] that execution ran in a new kernel" \
		test "$(printf '%s' "$out" | jq -r .session.restored)" = true
	"$SBX" session delete "$id" >/dev/null 2>&1

	# --- sbx serve: its children run requests, its daemons sessions ---
	start_server
	body=$(jq -cn --rawfile c "$SCAN" '{language: "python", code: $c, timeout: 60,
		inputs: {secret_env: "SBX_ESC_SECRET", pid: 0}}')
	api POST /v1/run "$body"
	T_LAST="POST /v1/run (proc_secrets.py)"
	contained "a run through sbx serve"
	api POST /v1/sessions '{"language":"python"}'
	sid=$(printf '%s' "$out" | jq -r .id)
	api POST "/v1/sessions/$sid/executions" "$body"
	T_LAST="POST /v1/sessions/$sid/executions (proc_secrets.py)"
	contained "a session execution through sbx serve"
	api DELETE "/v1/sessions/$sid"
	stop_server
	unset SBX_NO_NAMESPACES
}

run_mode "$(id -un)+ns" 1
run_mode "$(id -un)+nons" 0

finish
