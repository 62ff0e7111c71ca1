#!/bin/sh
# sbx session: an execution's options given to another subcommand are
# refused by name (never silently ignored), the config's sessions.max_ttl raises the TTL's
# maximum, and list (and so gc) sees every session, past 4,096.
. "$(dirname "$0")/../lib.sh"

# The 4,096 stopped sessions go with the state directory.
SESSION_CLEANUP='.[] | select(.status=="running") | .id'
. "$(dirname "$0")/../session_lib.sh"

# --- an execution's options (--stdin, --env, --cpu-time, arguments) are
# for exec; the other subcommands refuse them by name ---
for o in "--stdin /dev/null" "--env A=1" "--cpu-time 2" "--timeout 2"; do
	# shellcheck disable=SC2086
	sbx session create $o
	expect_rc 125
	check "create $o is refused by name" err_has "does not take ${o%% *}: it is for one execution"
	# shellcheck disable=SC2086
	sbx session list $o
	expect_rc 125
	check "list $o is refused by name" err_has "does not take ${o%% *}"
done

# --- the TTL's maximum: 14 days unless the config raises it ---
sbx session create --ttl 30d
expect_rc 125
check "a TTL over 14 days is refused, naming the config key" err_has "sessions.max_ttl"
mkdir -p "$XDG_CONFIG_HOME/sbx"
printf 'sessions:\n  max_ttl: 60d\n' >"$XDG_CONFIG_HOME/sbx/config.yaml"
sbx session create --ttl 30d --json
expect_rc 0
expect_json .ttl_ms 2592000000
sbx session delete "$(printf '%s' "$out" | jq -r .id)"
expect_rc 0
sbx session create --ttl 61d
expect_rc 125
check "over the raised maximum is refused" err_has "at most 60d"
printf 'sessions:\n  max_ttl: soon\n' >"$XDG_CONFIG_HOME/sbx/config.yaml"
sbx session list
expect_rc 125
check "a bad sessions.max_ttl names the key" err_has "sessions.max_ttl"
printf 'sessions:\n  ttl: 1d\n' >"$XDG_CONFIG_HOME/sbx/config.yaml"
sbx session list
expect_rc 125
check "an unknown sessions key lists max_ttl" err_has "max_ttl"
rm "$XDG_CONFIG_HOME/sbx/config.yaml"

# --- --request: a bad stdin, env, args or cpu_time names the key ---
for kv in '"stdin": 1' '"env": ["A"]' '"args": "a"' '"cpu_time": "soon"'; do
	printf '{"code": "1", %s}' "$kv" >"$T_TMP/req.json"
	sbx session exec nosuch --request "$T_TMP/req.json"
	expect_rc 125
	k=${kv%%:*}
	check "--request with a bad $k is refused by name" err_has "$k"
done

# --- --engine node: a session's JavaScript kernel is Duktape ---
sbx session create -l js --engine node
expect_rc 125
check "--engine node is refused for a session" err_has "sessions run JavaScript and TypeScript in Duktape"
printf '{"code": "1", "engine": "node"}' >"$T_TMP/req.json"
sbx session exec nosuch --request "$T_TMP/req.json"
expect_rc 125
check "a request's engine node is refused for a session" err_has "in Duktape"

# --- list past 4,096 sessions (expired manifests, no processes; made by
# one python3, as a shell loop forks twice a session) ---
N=4100
python3 - "$SBX_STATE_DIR" "$T_TMP" $N <<'PY'
import os, sys
sd, tmp, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.makedirs(sd + '/sessions', mode=0o700, exist_ok=True)
for i in range(1, n + 1):
    sid = 's%023x' % i
    os.mkdir('%s/sessions/%s' % (sd, sid), 0o700)
    with open('%s/sessions/%s/manifest.yaml' % (sd, sid), 'w') as f:
        f.write('id: %s\nlanguage: python\ncreated_at_ms: %d\nlast_exec_at_ms: 1\n'
                'expires_at_ms: 2\nttl_ms: 1\nidle_ms: 1000\nmemory_bytes: 1\n'
                'rundir: %s/none/%s\nexecution_count: 0\n' % (sid, i, tmp, sid))
PY
sbx session list --json
expect_rc 0
expect_json length $N
expect_json '.[4099].id' "\"$(printf 's%023x' $N)\""
expect_json '[.[] | select(.status == "expired")] | length' $N
rm -rf "$SBX_STATE_DIR/sessions"
finish
