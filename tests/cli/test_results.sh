#!/bin/sh
# Rich results (`results`): figures and tables as MIME bundles, per language
# and form; their bound by the output limit; --out-dir files; text mode's
# lines; and a forged report that cannot change what sbx decides.
. "$(dirname "$0")/../lib.sh"

# png_ok N W H — entry N of $out's results is a PNG of W×H (header and
# IHDR, decoded from base64) whose size is its "bytes".
png_ok() {
	printf '%s' "$out" | python3 -c '
import base64, json, struct, sys
e = json.load(sys.stdin)["results"][int(sys.argv[1])]
b = base64.b64decode(e["data"], validate=True)
assert e["mime"] == "image/png" and not e["truncated"], e["mime"]
assert b[:8] == b"\x89PNG\r\n\x1a\n" and b[12:16] == b"IHDR", b[:16]
w, h = struct.unpack(">II", b[16:24])
assert (w, h) == (int(sys.argv[2]), int(sys.argv[3])), (w, h)
assert len(b) == e["bytes"] and len(b) > 1000, (len(b), e["bytes"])
' "$1" "$2" "$3"
}

# ---- Python ----
PLT='import matplotlib.pyplot as plt'
sbx run -l python -t 300 --json -e "$PLT
plt.plot([1, 2, 3])
plt.show()"
T_LAST="python: a figure shown"
expect_json .status '"ok"'
expect_jq '.results | length' 1
check "the shown figure is a 640x480 PNG" png_ok 0 640 480
# Fidelity: plt.show() under Agg prints nothing, as natively.
expect_json .stdout '""'
expect_json .stderr '""'
expect_json '.results[0].file' null

sbx run -l python -t 300 --json -e "$PLT
plt.figure(figsize=(4, 3))
plt.plot([3, 1])"
T_LAST="python: a figure left open"
expect_jq '.results | length' 1
check "the open figure is a 400x300 PNG" png_ok 0 400 300

sbx run -l python -t 300 --json -e "$PLT
plt.plot([1, 2]); plt.show()
plt.show()  # nothing changed: not sent again
plt.figure(figsize=(2, 2)); plt.plot([2, 1])"
T_LAST="python: two figures"
expect_jq '.results | length' 2
check "first the shown figure" png_ok 0 640 480
check "then the one left open" png_ok 1 200 200

sbx run -l python -t 300 --json -e "$PLT
plt.plot([1, 2]); plt.show()
plt.plot([2, 1])  # natively the same figure: changed, so sent again at the end"
expect_jq '.results | length' 2

# The code never imported matplotlib: sbx does not either.
sbx run -l python -t 300 --json -e 'import os, sys
print("matplotlib" in sys.modules, "SBX_RESULTS_MAX" in os.environ)'
expect_json .stdout '"False False\n"'
expect_json .results '[]'

sbx run -l python -t 300 --json -e 'import pandas as pd
pd.DataFrame({"a": [1, 2], "b": ["x", "<y>"]})'
T_LAST="python: a DataFrame"
expect_json .result '[{"a":1,"b":"x"},{"a":2,"b":"<y>"}]'
expect_jq '[.results[].mime]' '["text/html","text/plain"]'
expect_jq '.results[0].data | contains("<table") and contains("&lt;y&gt;")' true
expect_jq '.results[1].data | contains("<y>")' true

sbx run -l python -t 300 --json -e 'import pandas as pd
pd.Series([1, 2], name="s")'
expect_jq '[.results[].mime]' '["text/html","text/plain"]'

sbx run -l python -t 300 --json -e 'class Card:
    def _repr_html_(self): return "<b>hi</b>"
    def _repr_markdown_(self): return "**hi**"
    def __repr__(self): return "Card()"
Card()'
T_LAST="python: _repr_html_"
expect_jq '[.results[] | [.mime, .data]]' '[["text/html","<b>hi</b>"],["text/markdown","**hi**"],["text/plain","Card()"]]'
expect_json .result '"Card()"'

sbx run -l python -t 300 --json -e 'import base64
class Dot:
    def _repr_png_(self):
        return base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
Dot()'
expect_jq '.results[0] | [.mime, .bytes, (.data | startswith("iVBORw0KGgo"))]' '["image/png",70,true]'

# A figure past the output limit is left out with a flag, never a crash.
sbx run -l python -t 300 --max-output 10K --json -e "$PLT
plt.plot(range(100)); plt.show()
42"
T_LAST="python: a too-large figure"
expect_json .status '"ok"'
expect_json .result 42
# The prelude left it out: sbx never saw its data, so no size (a size in
# the report would be the code's word).
expect_jq '.results[0] | [.mime, .data, .truncated, .bytes]' '["image/png","",true,null]'
expect_json .limits.output_bytes 10240

# An error after a plot: the figure still comes back.
sbx run -l python -t 300 --json -e "$PLT
plt.plot([1]); raise ValueError('late')"
expect_json .status '"error"'
expect_json .error.name '"ValueError"'
expect_jq '.results | length' 1
sbx run -l python -t 300 --json -e "$PLT
import sys; plt.plot([1]); sys.exit(3)"
expect_json .exit_code 3
expect_jq '.results | length' 1

# Text mode: one line per rich result for a snippet, never base64; a FILE
# prints what python3 prints.
sbx run -l python -t 300 -e "$PLT
plt.plot([1]); plt.show()"
expect_rc 0
expect_out "[image/png 640×480, $(printf '%s' "$out" | sed -n 's/.*480, \([0-9]* KiB\)\]$/\1/p')]"
check "the text line names size and KiB" sh -c 'printf "%s" "$1" | grep -q "^\[image/png 640×480, [0-9]* KiB\]$"' _ "$out"
printf '%s\nplt.plot([1]); plt.show()\nprint("done")\n' "$PLT" >"$T_TMP/fig.py"
sbx run -t 300 "$T_TMP/fig.py"
expect_out "done"

# --out-dir saves each as a file named in the entry.
sbx run -l python -t 300 -o "$T_TMP/od" --json -e "$PLT
import pandas as pd
plt.plot([1]); plt.show()
pd.DataFrame({'a': [1]})"
expect_jq '[.results[].file]' '["figure-1.png","result-1.html","result-1.txt"]'
check "figure-1.png is the PNG" sh -c 'head -c 8 "$1" | od -An -c | grep -q "P   N   G"' _ "$T_TMP/od/figure-1.png"
check "result-1.html is the table" grep -q "<table" "$T_TMP/od/result-1.html"
# A name already in the out dir is never overwritten.
sbx run -l python -t 300 -o "$T_TMP/od" --json -e "$PLT
plt.plot([1, 2])"
expect_jq '.results[0] | [.file, (.note | contains("taken"))]' '[null,true]'
sbx run -l python -t 300 -o "$T_TMP/od" -e "$PLT
plt.plot([1, 2])"
check "text mode says no file" sh -c 'printf "%s" "$1" | grep -q "^\[image/png 640×480, [0-9]* KiB\]$"' _ "$out"

# ---- R ----
sbx run -l r -t 300 --json -e 'plot(1:10)
hist(c(1, 2, 2, 3))'
T_LAST="r: two plots"
expect_json .status '"ok"'
expect_jq '.results | length' 2
check "R's first page is a 480x480 PNG" png_ok 0 480 480
check "R's second page is a 480x480 PNG" png_ok 1 480 480
# The plots go to results, not to Rplots.pdf in the working directory.
expect_json .files '[]'
expect_json .stdout '""'
# Under a smaller memory limit too: R's graphics reserve address space
# they do not use (threads' stacks, fonts), and at -m 170M a plot crashed
# every time (GLib could not create a thread; a segfault) when the
# address-space backstop was the limit itself.
sbx run -l r -t 300 -m 170M --json -e 'plot(1:10)'
T_LAST="r: a plot at -m 170M"
expect_json .status '"ok"'
expect_jq '.results | length' 1

sbx run -l r -t 300 --json -e 'x <- data.frame(a = 1:2, b = c("x", "<y>"))
x'
T_LAST="r: a data.frame"
expect_json .result '[{"a":1,"b":"x"},{"a":2,"b":"<y>"}]'
expect_jq '[.results[].mime]' '["text/html","text/plain"]'
expect_jq '.results[0].data | contains("<td>&lt;y&gt;</td>")' true

sbx run -l r -t 300 --json -e 'x <- 1'
expect_json .results '[]'
sbx run -l r -t 300 --json -e 'plot(1:3); stop("late")'
expect_json .status '"error"'
expect_jq '.results | length' 1
sbx run -l r -t 300 --json -e 'Sys.getenv("SBX_RESULTS_MAX")'
expect_json .result '""'
sbx run -l r -t 300 --max-output 2K --json -e 'plot(1:10)'
expect_jq '.results[0] | [.data, .truncated]' '["",true]'

# ---- JavaScript / TypeScript ----
sbx run --json -e '({ [Symbol.for("sbx.mime")]: { "image/svg+xml": "<svg/>", "not a type": "x", "text/html": 3 }, n: 1 })'
T_LAST="js: a MIME bundle"
expect_json .result '{"n":1}'
expect_json .results '[{"mime":"image/svg+xml","data":"<svg/>","file":null,"bytes":6,"truncated":false}]'
sbx run -l ts --json -e 'const b: any = { [Symbol.for("sbx.mime")]: { "text/markdown": "# t" } }; b'
expect_jq '[.results[].mime]' '["text/markdown"]'
sbx run -e '({ [Symbol.for("sbx.mime")]: { "image/svg+xml": "<svg/>" } })'
expect_out '[image/svg+xml 6 B]
{}'

# ---- A forged report: results are the code's, nothing else is ----
sbx run -l python -t 300 --json -e 'import os
os.write(3, b"{\"status\":\"timeout\",\"limits\":{\"output_bytes\":1},\"truncated\":{\"stdout\":true},"
         b"\"results\":[{\"mime\":\"image/png\",\"data\":\"iVBORw0KGgo=\",\"file\":\"../../etc/passwd\",\"x\":1},"
         b"{\"mime\":\"text/\\u001b[31m\",\"data\":\"ansi\"},{\"mime\":\"text/plain\",\"data\":\"\",\"truncated\":true,\"bytes\":5},"
         b"{\"mime\":\"text/html\",\"data\":7}],\"result\":\"mine\"}")
pass  # no result of its own: the forged report is the only one'
T_LAST="python: a forged results report"
expect_json .status '"ok"'
expect_json .result '"mine"'
expect_json .limits.output_bytes 1048576
expect_json .truncated.stdout false
# The size of an entry left out before sbx saw it is not the report's.
expect_json .results '[{"mime":"image/png","data":"iVBORw0KGgo=","file":null,"bytes":8,"truncated":false},{"mime":"text/plain","data":"","file":null,"bytes":null,"truncated":true}]'
# Its claims never reach a terminal as control characters, nor a file
# outside the out dir.
sbx run -l python -t 300 -o "$T_TMP/od2" -e 'import os
os.write(3, b"{\"results\":[{\"mime\":\"text/plain\",\"data\":\"x\",\"file\":\"../escaped\"}]}")
pass'
expect_out '[text/plain 1 B → result-1.txt]'
check "no file outside the out dir" test ! -e "$T_TMP/escaped"


# --- a session: each execution returns the figures it made, bounded as a run's ---
trap '"$SBX" session delete figs >/dev/null 2>&1; rm -rf "$T_TMP"' EXIT
sbx session create -n figs -l python
expect_rc 0
sbx session exec figs --timeout 300 --json -e 'import matplotlib.pyplot as plt
plt.plot([1, 2, 3]); plt.show()'
expect_rc 0
expect_json '[.results[] | .mime]' '["image/png"]'
expect_json '.results[0].bytes > 1000' true
sbx session exec figs --timeout 300 --json -e 'x = 1'
expect_json .results '[]'
sbx session exec figs --timeout 300 --json -e 'plt.figure(); plt.plot([3, 1]); 1 / 0'
expect_rc 1
expect_json '[.results[] | .mime]' '["image/png"]'
sbx session exec figs --timeout 300 --json --max-output 1000 -e 'plt.plot([2, 2]); plt.show()'
expect_json '[.results[0].truncated, .results[0].data]' '[true, ""]'
mkdir -p "$T_TMP/sout"
sbx session exec figs --timeout 300 -o "$T_TMP/sout" -e 'plt.plot([1, 1]); plt.show()'
expect_rc 0
check "a session's figure is saved in the out dir" test -s "$T_TMP/sout/figure-1.png"
case "$out" in "[image/png "*"→ figure-1.png]") _pass ;; *) _fail "text mode names the session's figure" ;; esac
sbx session delete figs
expect_rc 0

finish
