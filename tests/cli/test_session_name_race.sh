#!/bin/sh
# A session's name is unique among live sessions even when many creates of
# one name run at once (sbx processes, serve's runners, mcp's calls): the
# name's check and the manifest that takes it are made under one lock
# (session_create.c), so exactly one create wins and every other one is a
# conflict naming the winner. Before, two creates could both find the name
# free and make two sessions of one name.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../session_lib.sh"

N=8
for round in 1 2 3; do
	i=0
	pids=""
	while [ "$i" -lt "$N" ]; do
		i=$((i + 1))
		"$SBX" session create -l bash -n "same$round" --json \
			>"$T_TMP/c$round.$i.out" 2>"$T_TMP/c$round.$i.err" &
		pids="$pids $!"
	done
	ok=0
	conflicts=0
	i=0
	for p in $pids; do
		i=$((i + 1))
		if wait "$p"; then
			ok=$((ok + 1))
		elif jq -e '.error.kind == "conflict"' "$T_TMP/c$round.$i.out" >/dev/null 2>&1; then
			conflicts=$((conflicts + 1))
		fi
	done
	check "round $round: exactly one of $N concurrent creates of one name wins ($ok)" \
		test "$ok" -eq 1
	check "round $round: every other one is a conflict ($conflicts)" \
		test "$conflicts" -eq $((N - 1))
	sbx session list --json
	expect_jq "map(select(.name == \"same$round\")) | length == 1"
done
finish
