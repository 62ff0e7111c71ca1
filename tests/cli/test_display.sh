#!/bin/sh
# display(), as a notebook has it: each object's forms are a result, in the
# order the code made them (figures drawn before a display() come first);
# IPython.display's classes where IPython is not installed; in sessions too.
# JavaScript has a display global (Duktape, sessions) and R a display()
# function that do the same.
. "$(dirname "$0")/../lib.sh"

sbx run -l python --json -e 'display("hello", {"a": 1})
from IPython.display import HTML, Markdown, JSON, display as d
d(HTML("<b>bold</b>"), Markdown("# Title"))
d(JSON({"k": [1, 2]}))
display({"text/csv": "a,b\n1,2\n"}, raw=True)
42'
expect_rc 0
expect_json .result 42
expect_json '[.results[].mime]' '["text/plain","text/plain","text/html","text/plain","text/markdown","text/plain","application/json","text/plain","text/csv"]'
expect_jq '.results[0].data == "\u0027hello\u0027"'
expect_json '.results[2].data' '"<b>bold</b>"'
expect_json '.results[4].data' '"# Title"'
expect_json '.results[6].data' '"{\"k\": [1, 2]}"'
expect_json '.results[8].data' '"a,b\n1,2\n"'

# Figures and tables in the order they were made.
sbx run -l python --json -e 'import matplotlib.pyplot as plt
import pandas as pd
plt.plot([1, 2, 3])
display(pd.DataFrame({"x": [1, 2]}))
fig = plt.figure()
plt.plot([3, 2, 1])
display(fig)
print("done")'
expect_rc 0
expect_json .stdout '"done\n"'
expect_json '[.results[].mime]' '["image/png","text/html","text/plain","image/png"]'
expect_jq '.results[1].data | contains("<table")'

# A program that does not call it pays nothing and sees python3's names:
# display is a builtin, as IPython puts it.
sbx run -l python -e 'import builtins; print(callable(builtins.display))'
expect_out 'True'

# In a session, each execution's displays are its own.
sid=$("$SBX" session create -l python 2>/dev/null)
sbx session exec "$sid" --json -e 'display("first")'
expect_jq '[.results[].data] == ["\u0027first\u0027"]'
sbx session exec "$sid" --json -e 'display(1, 2)'
expect_json '[.results[].data]' '["1","2"]'
"$SBX" session delete "$sid" >/dev/null 2>&1

# --- JavaScript: a display global, not enumerable --------------------------
sbx run -l js --json -e 'display("hi", {a: [1, 2]});
display({"text/html": "<b>x</b>"}, {raw: true});
display({ [Symbol.for("sbx.mime")]: { "image/svg+xml": "<svg/>" } });
console.log(typeof display, Object.keys(globalThis).indexOf("display"));
({ [Symbol.for("sbx.mime")]: { "text/markdown": "# end" }, n: 1 })'
expect_rc 0
T_LAST="JavaScript display(): each value's forms in order, then the result's"
expect_json .stdout '"function -1\n"'
expect_json '[.results[].mime]' '["text/plain","application/json","text/plain","text/html","image/svg+xml","text/markdown"]'
expect_json '[.results[].data]' '["hi","{\"a\":[1,2]}","{ a: [ 1, 2 ] }","<b>x</b>","<svg/>","# end"]'
# node (--engine node): the same display(), the same results.
sbx run -l js --engine node --json -e 'display("hi", {a: [1, 2]});
display({"text/html": "<b>x</b>"}, {raw: true});
display({ [Symbol.for("sbx.mime")]: { "image/svg+xml": "<svg/>" } });
console.log(typeof display, Object.keys(globalThis).indexOf("display"));
({ [Symbol.for("sbx.mime")]: { "text/markdown": "# end" }, n: 1 })'
expect_rc 0
T_LAST="--engine node display(): as Duktape's"
expect_json .stdout '"function -1\n"'
expect_json '[.results[].mime]' '["text/plain","application/json","text/plain","text/html","image/svg+xml","text/markdown"]'
expect_json '[.results[].data]' '["hi","{\"a\":[1,2]}","{ a: [ 1, 2 ] }","<b>x</b>","<svg/>","# end"]'
sbx run -l js --engine node --json -e 'display("before"); throw new Error("x")'
T_LAST="--engine node: a failed run keeps what it displayed before its error"
expect_json '[.status, [.results[].data]]' '["error", ["before"]]'

printf 'display("from a file");\nvar x = 1;\n' >"$T_TMP/d.js"
sbx run --engine node --json "$T_TMP/d.js"
T_LAST="--engine node: a program file's displays (no result)"
expect_json '[.status, [.results[].data]]' '["ok", ["from a file"]]'
sbx run -l js --engine node --json -e 'display("no result"); var y = 2'
expect_json '[.status, [.results[].data]]' '["ok", ["no result"]]'

# An execution that fails keeps what it displayed first, as Python's and
# R's do and as a notebook shows it.
sbx run -l js --json -e 'display("before"); throw new Error("x")'
T_LAST="JavaScript: a failed run keeps what it displayed before its error"
expect_json .status '"error"'
expect_json '[.results[].data]' '["before"]'
expect_json .error.message '"x"'
sbx run -l python --json -e 'display("before"); raise ValueError("x")'
T_LAST="Python: the same"
expect_json '[.results[].data]' '["\u0027before\u0027"]'
sid=$("$SBX" session create -l js 2>/dev/null)
sbx session exec "$sid" --json -e 'var q = 5; display(q * 2); q'
T_LAST="JavaScript session: display() in the execution's results"
expect_json .result 5
expect_json '[.results[].data]' '["10","10"]'
sbx session exec "$sid" --json -e 'display(1); throw new Error("x")'
T_LAST="JavaScript session: a failed execution keeps what it displayed before its error"
expect_json .status '"error"'
expect_json '[.results[].data]' '["1","1"]'
sbx session exec "$sid" --json -e 'q'
T_LAST="JavaScript session: a failed execution's displays are not the next one's"
expect_json '.results' '[]'
"$SBX" session delete "$sid" >/dev/null 2>&1

# --- R: display(), plots drawn before it first -----------------------------
sbx run -l r --json -e 'df <- data.frame(x = 1:2, y = c("a", "b"))
plot(1:3)
display(df, "note")
display(list("text/markdown" = "# T"), raw = TRUE)
plot(3:1)
print(c(exists("display"), "display" %in% ls()))
42'
expect_rc 0
T_LAST="R display(): plots, a data.frame, text, a raw bundle, in order"
expect_json .result 42
expect_json .stdout '"[1]  TRUE FALSE\n[1] 42\n"'
expect_json '[.results[].mime]' '["image/png","text/html","text/plain","text/plain","text/markdown","image/png"]'
expect_jq '.results[1].data | contains("<table")'
expect_json '.results[4].data' '"# T"'
sid=$("$SBX" session create -l r 2>/dev/null)
sbx session exec "$sid" --json -e 'd <- data.frame(a = 1); display(d); 5'
T_LAST="R session: display() in the execution's results"
expect_json .result 5
expect_json '[.results[].mime]' '["text/html","text/plain"]'
sbx session exec "$sid" --json -e 'ls()'
T_LAST="R session: display is not the code's global, and the next execution's results are its own"
expect_json .result '["d","inputs"]'
expect_json '.results' '[]'
"$SBX" session delete "$sid" >/dev/null 2>&1

finish
