#!/bin/sh
# The command line itself: help, version, dispatch, option and input errors,
# output formats, --markdown. Language-specific behaviour has its own tests.
. "$(dirname "$0")/../lib.sh"

sbx --version
expect_rc 0
expect_out_contains "sbx "
sbx
expect_rc 125
sbx --help
expect_rc 0
expect_out_contains "commands:"
sbx rnu -e 1
expect_rc 125
expect_err_contains "did you mean 'run'"
sbx frobnicate
expect_rc 125
expect_err_contains "unknown command 'frobnicate'"
sbx help nope
expect_rc 125

# Bad flags and values: one clear line, exit 125.
sbx run --bogus -e 1
expect_rc 125
expect_err_contains "unknown option --bogus"
sbx run -m 12XB -e 1
expect_rc 125
expect_err_contains "invalid size '12XB' for --memory"
sbx run -t -1 -e 1
expect_rc 125
expect_err_contains "invalid duration '-1' for --timeout"
sbx run -t 0 -e 1
expect_rc 125
sbx run -t 301 -e 1
expect_rc 125
expect_err_contains "over the maximum"
sbx run --max-output 0 -e 1
expect_rc 125
sbx run -l cobol -e 1
expect_rc 125
expect_err_contains "unknown language 'cobol'"
sbx run --format xml -e 1
expect_rc 125
expect_err_contains "invalid --format 'xml'"
sbx run --inputs '{bad' -e 1
expect_rc 125
expect_err_contains "invalid JSON in --inputs"
sbx run --inputs '[1]' -e 1
expect_rc 125
sbx run --inputs @/nonexistent.json -e 1
expect_rc 125
expect_err_contains "cannot read inputs file"
sbx run -i novalue -e 1
expect_rc 125
expect_err_contains "expected KEY=VALUE"
sbx run /nonexistent/file.js
expect_rc 125
expect_err_contains "cannot read /nonexistent/file.js"
sbx run
expect_rc 125
expect_err_contains "no code given"
sbx run -e 1 extra.js
expect_rc 125
sbx run --require teleport -e 1
expect_rc 125
expect_err_contains "unknown layer 'teleport'"
sbx run -t
expect_rc 125
expect_err_contains "needs a value"
sbx run --stdin /nonexistent -e 1
expect_rc 125
printf 'a\000b' >"$T_TMP/nul.js"
sbx run "$T_TMP/nul.js"
expect_rc 125
expect_err_contains "NUL byte"

# Formats: text prints the result, json one record, ndjson events.
sbx run -e '1+1'
expect_rc 0
expect_out "2"
sbx run -e '1+1' --json
expect_rc 0
expect_json .result 2
expect_json .status '"ok"'
expect_json .ok true
expect_json .language '"javascript"'
expect_jq '.id | test("^[0-9A-HJKMNP-TV-Z]{26}$")'
expect_jq '.sandbox.seccomp == true and .sandbox.rlimits == true'
expect_jq '.limits.timeout_ms == 5000 and .limits.memory_kb == 262144 and .limits.output_bytes == 1048576'
sbx run -e '1+1' --format json -t 2.5 -m 64M --max-output 4k --cpu-time 1
expect_jq '.limits == {"timeout_ms":2500,"cpu_ms":1000,"memory_kb":65536,"output_bytes":4096}'
sbx run -e 'console.log("a"); 7' --format ndjson
expect_rc 0
check "ndjson: every line is an object with event, id, ts" \
	sh -c 'printf "%s\n" "$1" | jq -e -s "all(.event and .id and .ts)" >/dev/null' _ "$out"
check "ndjson: validation, started, stdout, completed in order" \
	sh -c 'test "$(printf "%s\n" "$1" | jq -r .event | tr "\n" " ")" = "validation_started validation_completed execution_started stdout execution_completed "' _ "$out"
check "ndjson: the last event carries the record" \
	sh -c 'printf "%s\n" "$1" | tail -n 1 | jq -e ".record.result == 7" >/dev/null' _ "$out"

# Invalid UTF-8 and NUL bytes in the code's output still give valid JSON,
# in the record and in NDJSON events.
sbx run -l python -e 'import sys; sys.stdout.buffer.write(b"ok\xff\x00end\n")' --json
expect_rc 0
expect_json .stdout '"ok\ufffd\u0000end\n"'
sbx run -l python -e 'import sys; sys.stderr.buffer.write(b"\xc3(\n")' --format ndjson
expect_rc 0
check "ndjson: every line parses" sh -c 'printf "%s\n" "$1" | jq -e -s "length > 3" >/dev/null' _ "$out"
check "ndjson: the stderr chunk has U+FFFD for the bad byte" \
	sh -c 'printf "%s\n" "$1" | jq -e -s "map(select(.event == \"stderr\") | .data) == [\"\\ufffd(\\n\"]" >/dev/null' _ "$out"

# Code from stdin and from a file; the language from the extension.
sbx_in 'return 6*7' run -
expect_out "42"
printf 'console.log("from file")\n' >"$T_TMP/prog.js"
sbx run "$T_TMP/prog.js" --json
expect_json .stdout '"from file\n"'

# Inputs: -i KEY=VALUE (JSON if it parses), --inputs JSON and @FILE.
sbx run -e 'return {a: inputs.x, s: inputs.name, l: inputs.list}' -i x=3 -i name=Ada -i 'list=[1,2]'
expect_out '{"a":3,"s":"Ada","l":[1,2]}'
printf '{"k": {"deep": true}}' >"$T_TMP/in.json"
sbx run -e 'return inputs.k.deep' --inputs @"$T_TMP/in.json"
expect_out "true"

# --markdown: code from the fences, the language from the info string.
md='Sure! Here is the code:

```javascript
var total = 0;
```

And then:

```js
total + 5
```
'
sbx_in "$md" run --markdown - --json
expect_json .result 5
# Only block 2 runs: `total` is then undefined.
sbx_in "$md" run --markdown --block 2 - --json
expect_json .error.name '"ReferenceError"'

sbx_in "no code here" run --markdown -
expect_rc 125
expect_err_contains "no fenced code block"
sbx_in "$md" run --markdown --block 3 -
expect_rc 125
expect_err_contains "only 2 fenced code blocks"

# A closed stdout does not lose the run's exit status.
"$SBX" run -e 'for (var i = 0; i < 100000; i++) console.log(i)' 2>/dev/null | head -n 1 >/dev/null
check "sbx survives a closed stdout pipe" true


# Doubles in the record and the text result line are in their shortest
# round-trip form, whatever the language.
sbx run -e '[1/3, 0.1, 0.1 + 0.2]' --json
check "shortest doubles in the record" test "${out#*\"result\":\[0.3333333333333333,0.1,0.30000000000000004]}" != "$out"
sbx run -e '[1/3, 0.1]'
expect_out '[0.3333333333333333,0.1]'

finish
