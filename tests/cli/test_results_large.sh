#!/bin/sh
# Large results: one rule for every language, engine and mode (README "Rich
# results"). A result whose JSON passes the output limit is left out (null)
# and named by an application/json entry {truncated: true, bytes: null}
# (the interpreter stopped rendering it, so sbx never read it: sizes in the
# record are sbx's, issue 26); its
# bounded forms (text/plain as the interpreter prints it, pandas' HTML) stay;
# the status follows the code, never the size of its value; a session keeps
# its state; text mode prints the value's text form, not JSON records.
. "$(dirname "$0")/../lib.sh"

# left_out — $out's record: result null, an application/json entry left out
# by the interpreter (no size: sbx never read it).
left_out() {
	printf '%s' "$out" | jq -e '
	  .result == null and
	  ([.results[] | select(.mime == "application/json" and .truncated and .data == ""
	     and .bytes == null)] | length) == 1' >/dev/null
}
has_form() { # MIME — a kept, non-empty entry of that type
	printf '%s' "$out" | jq -e --arg m "$1" \
	    '[.results[] | select(.mime == $m and (.truncated | not) and (.data | length) > 0)] | length == 1' \
	    >/dev/null
}

PY_DF='import pandas as pd
df = pd.DataFrame({"a": range(200000), "b": [i * 0.5 for i in range(200000)]})
df'

# ---- Python, one-shot ----
sbx run -l python -t 120 --json -e "$PY_DF"
T_LAST="python: a 200,000-row DataFrame result"
expect_rc 0
expect_json .status '"ok"'
expect_json .exit_code 0
expect_json .error null
check "its JSON is left out, named with its size" left_out
check "its HTML form is kept" has_form text/html
check "its text/plain form is kept" has_form text/plain
expect_jq '.results[] | select(.mime == "text/plain") | .data | contains("[200000 rows x 2 columns]")'

sbx run -l python -e 'list(range(400000))' --json
T_LAST="python: list(range(400000))"
expect_json .status '"ok"'
check "the list's JSON is left out" left_out
expect_jq '.results[] | select(.mime == "text/plain") | .data | startswith("[0, 1, 2, 3,")'
# The limit is --max-output: raised, the whole list is the result.
sbx run -l python -e 'list(range(400000))' --max-output 4M --json
expect_jq '.result | length == 400000'
expect_jq '.results == []'

# Text mode: the value's text form, not JSON records, and the line naming
# what was left out.
sbx run -l python -t 120 -e "$PY_DF"
T_LAST="python: text mode, a large DataFrame"
expect_rc 0
expect_out_contains '[200000 rows x 2 columns]'
expect_out_contains '[application/json left out: over the 1.0 MiB output limit'
check "no JSON records" sh -c 'case "$1" in *'"'"'{"a":'"'"'*) exit 1;; esac' _ "$out"
sbx run -l python -e 'import pandas as pd
pd.DataFrame({"x": [1, 2], "y": ["p", "q"]})'
T_LAST="python: text mode, a small DataFrame"
expect_out '[text/html 565 B]
   x  y
0  1  p
1  2  q'

# ---- Python, session: the state survives a large result ----
sbx session create -l python -n pybig
sbx session exec pybig -t 120 --json -e "$PY_DF"
T_LAST="python session: a 200,000-row DataFrame result"
expect_json .status '"ok"'
check "its JSON is left out" left_out
check "its text/plain form is kept" has_form text/plain
sbx session exec pybig -e 'len(df)'
T_LAST="python session: the state after it"
expect_rc 0
expect_out 200000
sbx session exec pybig -e 'list(range(400000))' --json
T_LAST="python session: the same cap as run"
check "list(range(400000)) is left out as in run" left_out
sbx session exec pybig -e 'list(range(400000))' --max-output 4M --json
expect_jq '.result | length == 400000'
sbx session delete pybig

# ---- R, one-shot ----
R_DF='big <- data.frame(a = runif(3e5), b = runif(3e5)); big'
sbx run -l r -t 120 --json -e "$R_DF"
T_LAST="r: a 300,000-row data.frame result"
expect_rc 0
expect_json .status '"ok"'
check "its JSON is left out" left_out
check "its text/plain form (R's print, 60 rows) is kept" has_form text/plain
expect_jq '[.results[] | select(.mime == "text/plain") | .data | split("\n") | length] | .[0] < 100'
# Rendering costs a fixed budget, not the value's size (main: ~17 s of
# CPU, then memory_limit at the default 256M).
expect_jq '.memory_kb.peak < 200000'
sbx run -l r -e '1:400000' --json
T_LAST="r: 1:400000"
expect_json .status '"ok"'
check "its JSON is left out" left_out

# Text mode: R auto-prints the value itself; no result line repeats it.
sbx run -l r -e 'mean(c(1,2,3))'
T_LAST="r: text mode, mean(c(1,2,3))"
expect_out '[1] 2'
sbx run -l r -e 'mean(c(1,2,3))' --print-result always
expect_out '[1] 2
2'

# ---- R, session ----
sbx session create -l r -n rbig
sbx session exec rbig -t 120 --json -e "$R_DF"
T_LAST="r session: a 300,000-row data.frame result"
expect_json .status '"ok"'
check "its JSON is left out" left_out
sbx session exec rbig -e 'nrow(big)'
T_LAST="r session: the state after it"
expect_out '[1] 300000'
sbx session delete rbig

# ---- JavaScript: Duktape and node, run and session ----
JS_BIG='Array.from({length: 400000}, function (_, i) { return i; })'
for engine in duktape node; do
	sbx run --engine $engine -t 120 --json -e "$JS_BIG"
	T_LAST="javascript ($engine): a 400,000-item array"
	expect_rc 0
	expect_json .status '"ok"'
	check "its JSON is left out" left_out
	check "its text/plain form (inspect) is kept" has_form text/plain
done
sbx session create -l javascript -n jsbig
sbx session exec jsbig -t 120 --json -e "var a = $JS_BIG; a"
T_LAST="javascript session: a 400,000-item array"
expect_json .status '"ok"'
check "its JSON is left out, as in run" left_out
check "its text/plain form is kept" has_form text/plain
sbx session exec jsbig -e 'a.length'
expect_out 400000
sbx session delete jsbig

# ---- Java session (a run has no result) ----
sbx session create -l java -n jbig
sbx session exec jbig -e 'int[] a = new int[400000];'
sbx session exec jbig --json -e 'java.util.Arrays.toString(a)'
T_LAST="java session: a 1.2 MB string"
expect_json .status '"ok"'
check "its JSON is left out" left_out
check "its text/plain form (the head) is kept" has_form text/plain
sbx session exec jbig -e 'a.length'
expect_out 400000
sbx session delete jbig

finish
