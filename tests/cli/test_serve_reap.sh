#!/bin/sh
# sbx serve reaps what its runs leave: a warm run answers before its
# sandbox's pid-namespace init has exited (sandbox.h), and session create
# detaches its daemon; both come back to the runner, a subreaper, which
# reaps them (this test checks the warm runs' inits). Here sbx serve runs as a container's pid 1 often does: a
# subreaper that reaps only its own children (python sets the attribute,
# which execve keeps). Before, every warm run left its init a zombie of
# the server, one per request, until the pid limit.
. "$(dirname "$0")/../lib.sh"

command -v curl >/dev/null 2>&1 || { echo "test_serve_reap: curl is missing" >&2; exit 1; }
printf 'serve:\n  warm_pool:\n    bash: 2\n' >"$T_TMP/c.yaml"
mkfifo "$T_TMP/ready"
python3 -c '
import ctypes, os, sys
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
os.execv(sys.argv[1], sys.argv[1:])
' "$SBX" serve --config "$T_TMP/c.yaml" --state-dir "$T_TMP/st" \
	--ready-file "$T_TMP/ready" 2>"$T_TMP/serve.log" &
SP=$!
ADDR=$(timeout 120 head -n 1 "$T_TMP/ready")
check "the server listens" test -n "$ADDR"
SOCK=${ADDR#unix:}
warm=0
i=0
while [ "$i" -lt 20 ]; do
	i=$((i + 1))
	out=$(curl -s --unix-socket "$SOCK" -d '{"language":"bash","code":"echo hi"}' \
		http://sbx/v1/run)
	[ "$(printf '%s' "$out" | jq -r '.stdout + (.warm | tostring)')" = "hi
true" ] && warm=$((warm + 1))
done
check "some of the 20 runs were warm ($warm)" test "$warm" -gt 0
zombies=$(ps -o pid=,stat=,comm= --ppid "$SP" | awk '$2 ~ /^Z/')
check "no zombie child of the server: $zombies" test -z "$zombies"
kill -TERM "$SP"
wait "$SP"
check "the server drained and exited 0" test $? -eq 0
finish
