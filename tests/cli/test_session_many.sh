#!/bin/sh
# 50 sessions alive at once: each keeps its own state, none sees another's.
. "$(dirname "$0")/../lib.sh"

. "$(dirname "$0")/../session_lib.sh"

N=50
i=1
while [ $i -le $N ]; do
	sbx session create -n "s$i"
	expect_rc 0
	i=$((i + 1))
done
sbx session list --json --status running
expect_json 'length' $N
i=1
while [ $i -le $N ]; do
	"$SBX" session exec "s$i" -t 300 -e "mine = $i" >/dev/null 2>&1 &
	i=$((i + 1))
done
wait
i=1
ok=0
while [ $i -le $N ]; do
	sbx session exec "s$i" -t 300 --json -e 'mine'
	[ "$(printf '%s' "$out" | jq -r .result)" = "$i" ] && ok=$((ok + 1))
	i=$((i + 1))
done
check "every session kept its own state" test "$ok" -eq $N
finish
