#!/bin/sh
# The CLI says the same thing the same way everywhere (issue 27,
# "Consistency"): a session is an id or a name for every command, NDJSON is
# one object a line, help states the real defaults, durations take every
# unit they accept, session get/delete print what a person and a program
# expect, a second history import says what was new, a failed verdict shows
# what was expected, and a resumed batch's summary covers the whole batch.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../session_lib.sh"
T=300

# --- sessions: names everywhere, ndjson, get, delete --------------------
sbx session create -l python -n cons
expect_rc 0
sbx session create -l python -n cons2
sbx session exec cons -t $T -e 'x = 1.5'
expect_rc 0
sbx events --session cons --format ndjson
expect_rc 0
expect_jq 'select(.event == "execution_completed") | .session'
check "events --session NAME finds the session's events" \
	sh -c 'printf "%s\n" "$1" | jq -se "map(select(.event == \"execution_completed\")) | length == 1" >/dev/null' _ "$out"
sbx events --session no-such-session
expect_rc 125
expect_err_contains "no session 'no-such-session'"
sbx session list --format ndjson
check "session list --format ndjson is one object a line" \
	sh -c 'printf "%s\n" "$1" | jq -se "length == 2 and all(.[]; type == \"object\")" >/dev/null' _ "$out"
sbx session get cons
check "session get has no 'started' (status says it)" sh -c '! printf "%s" "$1" | grep -q "^started "' _ "$out"
check "session get prints durations to a hundredth" \
	sh -c '! printf "%s" "$1" | grep -Eq "^[a-z_]+ +[0-9]+\.[0-9]{3,}$"' _ "$out"
sbx session get cons --json
expect_jq 'has("started") | not'
sbx session delete cons
expect_rc 0
check "session delete says what it deleted" sh -c 'printf "%s" "$1" | grep -Eq "^deleted s[0-9a-f]{23}$"' _ "$out"
sbx session delete cons2 --json
expect_json .status '"deleted"'

# --- help and messages ---------------------------------------------------
sbx batch -h
expect_rc 0
check "batch -h says the default format is NDJSON" sh -c 'printf "%s" "$1" | grep -q -- "--format FMT.*ndjson (default"' _ "$out"
sbx session create --ttl abc
expect_rc 125
expect_err_contains "ms, s, m, h or d"

# --- history import twice -------------------------------------------------
SBX_STATE_DIR=$T_TMP/one sbx run -l python -t $T -e 'print(1)' --json
printf '%s\n' "$out" >"$T_TMP/recs.ndjson"
SBX_STATE_DIR=$T_TMP/one sbx run -l python -t $T -e 'print(2)' --json
printf '%s\n' "$out" >>"$T_TMP/recs.ndjson"
SBX_STATE_DIR=$T_TMP/two sbx history import "$T_TMP/recs.ndjson"
expect_err_contains "imported 2 records"
SBX_STATE_DIR=$T_TMP/two sbx history import "$T_TMP/recs.ndjson"
expect_rc 0
expect_err_contains "imported 0 records from $T_TMP/recs.ndjson, 2 already in the history"

# --- a failed verdict shows what was expected ---------------------------
printf '{"language":"python","code":"print(1)\\nprint(2)\\nprint(30)","timeout":300,"expected_stdout":"1\\n2\\n3\\n"}' >"$T_TMP/v.json"
sbx run --request "$T_TMP/v.json"
expect_err_contains "sbx: verdict: failed: stdout differs from the expected output at line 3"
expect_err_contains "-3"
expect_err_contains "+30"
sbx run --request "$T_TMP/v.json" --json
expect_json .verdict '"failed"'
expect_json .expected_stdout '"1\n2\n3\n"'
printf '{"language":"python","code":"print(1)","timeout":300,"expected_stdout":"1"}' >"$T_TMP/ok.json"
sbx run --request "$T_TMP/ok.json" --json
expect_json .verdict '"passed"'
expect_jq 'has("expected_stdout") | not'

# --- --resume: the summary covers the whole batch ----------------------
for i in 1 2 3 4; do
	printf '{"id":"r%s","language":"python","code":"print(%s)","timeout":300,"expected_stdout":"%s"}\n' "$i" "$i" "$i"
done >"$T_TMP/b.ndjson"
sbx batch "$T_TMP/b.ndjson" --out "$T_TMP/b.out" -q
head -n 2 "$T_TMP/b.out" >"$T_TMP/b2.out"
mv "$T_TMP/b2.out" "$T_TMP/b.out"
sbx batch "$T_TMP/b.ndjson" --out "$T_TMP/b.out" --resume
expect_rc 0
expect_err_contains "2 skipped (already in --out); below, with the 2 records of the earlier run"
expect_err_contains "python       ok 4"
expect_err_contains "verdicts     passed 4, failed 0"
finish
