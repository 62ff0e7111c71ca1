#!/bin/sh
# A workspace's JavaScript kernel cannot open files, so the session's
# daemon (unsandboxed, as the caller: root, for a root user) reads the
# working directory's .json and .js files the code names and hands them
# over (session_files.c), for an execution and for the replay that
# restores the kernel. The session's code owns that directory: it plants
# a link to a file of the caller's, a FIFO, a hard link and a directory
# under module names, and swaps a required file for a link before a
# restore. The daemon must read none of them through (nothing of the
# caller's file reaches the code), never block on the FIFO, and the
# session keeps working; a plain file is still read (the control). Run with
# and without namespaces here; as an unprivileged user by
# test_workspace_modules_user.sh.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/session_lib.sh"

wait_gone() { timeout 60 tail --pid="$1" -f /dev/null; }
field() {
	"$SBX" session get "$1" >/dev/null 2>&1
	sed -n "s/^$2: *//p" "$SBX_STATE_DIR/sessions/$1/manifest.yaml"
}
SECRET=$T_TMP/caller.json
printf '{"v": "CALLERSECRET"}\n' >"$SECRET"
chmod 0644 "$SECRET"
# shellcheck disable=SC2016
try='function t(n) { try { return JSON.stringify(require("./" + n)); } catch (e) { return "refused"; } }'

for mode in ns nons; do
	if [ "$mode" = nons ]; then export SBX_NO_NAMESPACES=1; else unset SBX_NO_NAMESPACES; fi
	sbx session create -l python
	id=$out
	check "$mode: session created" test "$rc" -eq 0
	sbx session exec "$id" -e "
import os
os.symlink('$SECRET', 'link.json')
os.mkfifo('fifo.json')
open('plain.json', 'w').write('{\"v\": 1}')
open('two.json', 'w').write('{\"v\": 2}')
os.link('two.json', 'hard.json')
os.mkdir('dir.json')
print('planted')"
	T_LAST="$mode: the plants"
	expect_out planted
	for name in link.json fifo.json hard.json two.json dir.json; do
		sbx session exec "$id" -l js -t 20 -e "$try; console.log(t('$name'))"
		T_LAST="$mode: require('./$name')"
		expect_rc 0
		expect_out refused
		check "$mode: require('./$name'): nothing of the caller's file" \
			sh -c "! printf '%s' \"\$1\" | grep -q CALLERSECRET" _ "$out"
	done
	sbx session exec "$id" -l js -e "$try; console.log(t('plain.json'))"
	T_LAST="$mode: a plain file of the workspace (the control)"
	expect_out '{"v":1}'

	# A restore's replay: the required file becomes a link to the
	# caller's before the daemon is killed; the replay must not read it.
	sbx session exec "$id" -l js -e 'var kept = require("./plain.json").v; kept'
	expect_out 1
	sbx session exec "$id" -e "
import os
os.remove('plain.json')
os.symlink('$SECRET', 'plain.json')"
	dpid=$(field "$id" daemon_pid)
	kill -9 "$dpid"
	wait_gone "$dpid"
	sbx session exec "$id" -l js -t 20 --json -e 'typeof kept === "undefined" ? "lost" : String(kept)'
	T_LAST="$mode: the replay after the swap"
	expect_rc 0
	expect_json .result '"lost"'
	expect_json .session.restored true
	check "$mode: the replay's failure is named" \
		sh -c "printf '%s' \"\$1\" | jq -e '.session.unsaved | map(test(\"replay\")) | any' >/dev/null" _ "$out"
	check "$mode: nothing of the caller's file in the record" \
		sh -c "! printf '%s' \"\$1\" | grep -q CALLERSECRET" _ "$out"
	sbx session exec "$id" -e 'print("still working")'
	expect_out "still working"
	check "$mode: the caller's file unchanged" test "$(cat "$SECRET")" = '{"v": "CALLERSECRET"}'
	sbx session delete "$id"
done
finish
