#!/bin/sh
# Streamed results (README "Streamed results") are read from the report fd,
# which the code can write itself: a frame it forges is input like any
# other. Each one must be bounded as the record's results are (at most 100,
# valid mime types, only the item's keys, data within the output limit);
# one longer than the report's cap is never kept, only skipped; a flood of
# them is an output flood; and nothing a frame says reaches the record,
# which is still read from the report alone. Run as root, as sbx-ci
# (test_result_frames_user.sh) and with SBX_NO_NAMESPACES=1.
. "$(dirname "$0")/../lib.sh"

# events TYPE — the events of that type in $out (NDJSON), as one array.
events() { printf '%s\n' "$out" | jq -s -c "[.[] | select(.event == \"$1\")]"; }
# record — the record of the run in $out.
record() { printf '%s\n' "$out" | jq -s -c '[.[] | select(.event | startswith("execution_c") or startswith("execution_f"))][0].record'; }

# 150 forged frames with keys of their own, a bad mime type, a control
# character; then a report of its own with one result.
sbx run -l python --format ndjson -e 'import os
os.write(3, b"\x1e{\"mime\":\"text/\\u001b]0;x\\u0007\",\"data\":\"x\"}\n")
os.write(3, b"\x1e{\"mime\":\"text/plain\",\"data\":\"a\\u0000\\u001b[2J\",\"file\":\"/tmp/ESCAPED\",\"status\":\"timeout\",\"index\":7,\"event\":\"execution_completed\",\"bytes\":1}\n")
os.write(3, b"".join(b"\x1e{\"mime\":\"text/plain\",\"data\":\"F%d\"}\n" % i for i in range(150)))
os.write(3, b"{\"result\":\"mine\",\"results\":[{\"mime\":\"text/plain\",\"data\":\"own\"}]}")
os._exit(0)'
expect_rc 0
ev=$(events result)
check "at most 100 forged frames become events, numbered by sbx" \
	sh -c 'printf "%s" "$1" | jq -e "length == 100 and (map(.index) == [range(100)])" >/dev/null' _ "$ev"
check "an event holds only an item's keys, sbx's size, and the data as written (escaped)" \
	sh -c 'printf "%s" "$1" | jq -e ".[0] | (keys == [\"bytes\",\"data\",\"event\",\"id\",\"index\",\"mime\",\"truncated\",\"ts\"]) and .event == \"result\" and .data == \"a\u0000\u001b[2J\" and .bytes == 6 and .index == 0" >/dev/null' _ "$ev"
check "the frame with a bad mime type is no event" \
	sh -c 'printf "%s" "$1" | jq -e "all(.[]; .mime == \"text/plain\")" >/dev/null' _ "$ev"
check "no event line holds a raw control character" sh -c '! printf "%s" "$1" | grep -q "$(printf "\033")"' _ "$out"
rec=$(record)
check "the record is the report's alone: status ok, its result, its one result" \
	sh -c 'printf "%s" "$1" | jq -e ".status == \"ok\" and .result == \"mine\" and (.results | map(.data)) == [\"own\"]" >/dev/null' _ "$rec"
check "the run completed once" test "$(events execution_completed | jq length)" -eq 1

# A frame longer than the report's cap (1 MiB + twice the output limit +
# 64 KiB) is skipped to its newline, never kept; the next one counts. One
# within the cap but past the output limit is named, data "".
sbx run -l python --max-output 1000 --format ndjson -e 'import os
os.write(3, b"\x1e{\"mime\":\"text/plain\",\"data\":\"" + b"x" * (3 << 20) + b"\"}\n")
os.write(3, b"\x1e{\"mime\":\"text/plain\",\"data\":\"" + b"y" * 5000 + b"\"}\n")
os.write(3, b"\x1e{\"mime\":\"text/plain\",\"data\":\"after\"}\n")
os.write(3, b"\x1e{\"mime\":\"text/pl")
os.write(3, b"ain\",\"data\":\"split\"}\n")
os.write(3, b"\x1enot json\n\x1e[1,2]\n\x1e\"s\"\n")
print("done")'
expect_rc 0
ev=$(events result)
check "the oversized frame is no event; the next ones are (one past the limit named, a split one whole)" \
	sh -c 'printf "%s" "$1" | jq -e "map([.index, .data, .truncated, .bytes]) == [[0, \"\", true, 5000], [1, \"after\", false, 5], [2, \"split\", false, 5]]" >/dev/null' _ "$ev"
rec=$(record)
check "the run is ok and its output as written" \
	sh -c 'printf "%s" "$1" | jq -e ".status == \"ok\" and .stdout == \"done\n\" and .results == []" >/dev/null' _ "$rec"

# A frame never ended swallows what follows (the code's own report): the
# code loses its own result, and sbx still decides the status.
sbx run -l python --format ndjson -e 'import os
os.write(3, b"\x1e{\"mime\":\"text/plain\",\"data\":\"open\"}")
os.write(3, b"{\"result\":1,\"status\":\"timeout\"}")
os._exit(3)'
expect_rc 3
check "an unended frame is no event, and the record is sbx's" \
	sh -c 'test "$(printf "%s\n" "$1" | jq -s "[.[] | select(.event == \"result\")] | length")" -eq 0 &&
		printf "%s\n" "$1" | jq -s -e "[.[] | select(.record)][0].record | .status == \"error\" and .exit_code == 3 and .result == null" >/dev/null' _ "$out"

# A flood of frames is an output flood: stopped at 16 times the cap.
sbx run -l python --max-output 1000 --timeout 120 --json -e 'import os
f = b"\x1e{\"mime\":\"text/plain\",\"data\":\"" + b"z" * 60000 + b"\"}\n"
while True:
    os.write(3, f)'
expect_json .status '"output_limit"'

# Frames come only first: one after the report has begun is report.
sbx run -l python --format ndjson -e 'import os
os.write(3, b"{\"result\":2}")
os.write(3, b"\x1e{\"mime\":\"text/plain\",\"data\":\"late\"}\n")
os._exit(0)'
check "a frame after the report began is no event" \
	test "$(printf '%s\n' "$out" | jq -s '[.[] | select(.event == "result")] | length')" -eq 0

# --- a session: the kernel runs in the code's process, so the code can
# send its own result frames on the kernel's channel (here with the
# kernel's own send). The daemon checks and bounds them as above: only
# this execution's, only a string item that is an item, at most 100, the
# output limit; the record is the report's.
sbx session create -l python --json
sid=$(printf '%s' "$out" | jq -r .id)
sbx session exec "$sid" --max-output 1000 --format ndjson -e 'import sys
f = sys._getframe()
while f is not None and "send" not in f.f_locals:
    f = f.f_back
send, seq = f.f_locals["send"], f.f_locals["req"]["seq"]
send({"result": seq, "item": "{\"mime\":\"text/\\u001b]0;x\",\"data\":\"x\"}"})
send({"result": seq, "item": "{\"mime\":\"text/plain\",\"data\":\"a\",\"file\":\"/tmp/X\",\"index\":9,\"event\":\"execution_completed\"}"})
send({"result": seq, "item": {"mime": "text/plain", "data": "not text"}})
send({"result": seq + 1, "item": "{\"mime\":\"text/plain\",\"data\":\"not this one\"}"})
send({"result": seq, "item": "{\"mime\":\"text/plain\",\"data\":\"" + "y" * 5000 + "\"}"})
for i in range(150):
    send({"result": seq, "item": "{\"mime\":\"text/plain\",\"data\":\"F%d\"}" % i})
"mine"'
expect_rc 0
ev=$(events result)
check "session: the forged frames are bounded (100, their keys, the output limit, this execution's)" \
	sh -c 'printf "%s" "$1" | jq -e "length == 100 and (.[0] | keys == [\"bytes\",\"data\",\"event\",\"id\",\"index\",\"mime\",\"truncated\",\"ts\"] and .data == \"a\" and .index == 0) and (.[1] | .truncated and .data == \"\" and .bytes == 5000) and .[2].data == \"F0\" and .[99].data == \"F97\" and map(.index) == [range(100)]" >/dev/null' _ "$ev"
rec=$(record)
check "session: the record is the report's alone" \
	sh -c 'printf "%s" "$1" | jq -e ".status == \"ok\" and .result == \"mine\" and .results == []" >/dev/null' _ "$rec"
sbx session delete "$sid"

finish
