#!/bin/sh
# Many writers at once: 20 concurrent deploys of one name give versions 1-20,
# none lost; deploys killed with -9 at any point leave no half version.
. "$(dirname "$0")/../lib.sh"

D="$SBX_STATE_DIR/deployments"

# --- 20 concurrent deploys of one name --------------------------------------
pids=""
i=1
while [ "$i" -le 20 ]; do
	"$SBX" deploy -n race -e "return $i" --label "n=$i" >/dev/null 2>"$T_TMP/race.$i" &
	pids="$pids $!"
	i=$((i + 1))
done
failed=0
for p in $pids; do wait "$p" || failed=$((failed + 1)); done
check "all 20 deploys succeeded" test "$failed" -eq 0
versions=$(ls "$D/race" | sort -n | tr '\n' ' ')
check "versions are exactly 1..20 (got: $versions)" \
	test "$versions" = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 "
sbx get race --json
expect_json .versions '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]'
# every version holds the code of exactly one deploy: none was overwritten
codes=$(for f in "$D"/race/*/code.js; do cat "$f"; echo; done | sort -u | wc -l)
check "20 distinct codes stored (got $codes)" test "$codes" -eq 20
labels=$(grep -h '^    "n": ' "$D"/race/*/manifest.yaml | sort -u | wc -l)
check "20 distinct labels in the manifests (got $labels)" test "$labels" -eq 20
check "no temp directory left" test -z "$(ls -A "$D/race" | grep '^\.tmp-')"

# concurrent deploys of different names and readers at the same time
pids=""
for n in a b c d e; do
	"$SBX" deploy -n "multi-$n" -e "return '$n'" >/dev/null 2>&1 &
	pids="$pids $!"
	"$SBX" list --json >"$T_TMP/list.$n" 2>/dev/null &
	pids="$pids $!"
done
failed=0
for p in $pids; do wait "$p" || failed=$((failed + 1)); done
check "concurrent deploys and lists all succeeded" test "$failed" -eq 0
for n in a b c d e; do
	check "list output $n is valid JSON" jq -e 'type == "array"' "$T_TMP/list.$n" >/dev/null
done
sbx list --json
expect_json '[.[] | select(.name | startswith("multi-")) | .version] | length' 5

# --- kill -9 at various points ----------------------------------------------------
# No sleeps: each deploy is killed after a growing amount of busy work in the
# shell, so the kills land at different points of its life (startup, reading,
# the lock, the temp directory, the rename).
i=0
while [ "$i" -lt 60 ]; do
	"$SBX" deploy -n killed -e "return $i" -f "$0" >/dev/null 2>&1 &
	pid=$!
	j=0
	while [ "$j" -lt $((i * 300)) ]; do j=$((j + 1)); done
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	i=$((i + 1))
done
# Whatever survived must be whole: every visible version loads and runs.
if [ -d "$D/killed" ]; then
	for v in $(ls "$D/killed" | grep -v '^\.'); do
		sbx exec-deployment "killed@$v" --json
		expect_rc 0
		expect_jq '.deployment.name == "killed"'
		check "version $v has its stored file" test -f "$D/killed/$v/files/test_deploy_concurrency.sh"
	done
fi
sbx list --json
expect_rc 0
expect_jq 'all(.[]; .status == "active")'
sbx list --status damaged --json
expect_json . '[]'

# a deploy killed while it waits for the lock leaves nothing either
exec 9>"$D/.lock"
flock -x 9
"$SBX" deploy -n waiting -e 'return 1' >/dev/null 2>&1 &
pid=$!
# the writer is blocked in flock(2) (or not yet there); killing it is safe
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
flock -u 9
exec 9>&-
sbx get waiting
expect_rc 125
sbx list --json
expect_jq 'map(.name) | index("waiting") == null'

# the next writer (and gc, if present) cleans the leftovers
sbx deploy -n killed -e 'return "after"' --json
expect_rc 0
check "no temp directory left after a clean deploy" \
	test -z "$(ls -A "$D/killed" | grep '^\.tmp-')"
sbx exec-deployment killed
expect_rc 0
expect_out '"after"'

finish
