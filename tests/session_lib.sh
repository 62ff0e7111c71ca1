# tests/session_lib.sh — sourced after lib.sh by the session tests
# (tests/cli/test_session*.sh): every session the test made is deleted
# when it exits, whatever happened, and err_has looks for a text in the
# last command's stderr.
# SESSION_CLEANUP sets which sessions (a jq filter over `session list
# --json`; by default all of them).

cleanup_sessions() {
	for s in $("$SBX" session list --json 2>/dev/null | jq -r "${SESSION_CLEANUP:-.[].id}"); do
		"$SBX" session delete "$s" >/dev/null 2>&1
	done
}
trap 'cleanup_sessions; rm -rf "$T_TMP"' EXIT
err_has() { printf '%s' "$err" | grep -q -- "$1"; }
