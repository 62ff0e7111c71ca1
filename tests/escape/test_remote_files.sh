#!/bin/sh
# Files back from a server: POST /v1/run with "return_files" inlines the
# files the code made (base64, bounded) in the record, never the server's
# own paths; `sbx --remote URL run -o DIR` writes them into DIR as a local
# -o does. The client trusts nothing the server says: a forged answer
# (names with .., absolute names, a name below a link planted in DIR, bytes
# that do not match their sha256) writes nothing outside DIR and nothing
# unverified.
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/serve_lib.sh"

# The server's temporary directories in a directory of this test's own.
mkdir -p "$T_TMP/srvtmp"
TMPDIR=$T_TMP/srvtmp start_server
CODE='import os
os.makedirs("d/e")
open("d/e/a.txt", "w").write("hello")
open("b.bin", "wb").write(bytes(range(256)))
open("big.bin", "wb").write(b"x" * (9 << 20))
print("made")'
body=$(jq -cn --arg c "$CODE" '{language: "python", code: $c, timeout: 300, return_files: true}')
api POST /v1/run "$body"
expect_code 200
expect_json .status '"ok"'
expect_jq '[.files[].path] | all(. == null)'
expect_jq '.returned_files | map(.name) | sort == ["b.bin", "big.bin", "d/e/a.txt"]'
expect_jq '.returned_files[] | select(.name == "d/e/a.txt") | .base64 == "aGVsbG8="'
expect_jq '.returned_files[] | select(.name == "big.bin") | .base64 == null and (.left_out | test("8 MiB"))'
check "no server path in the answer" sh -c '! printf "%s" "$1" | grep -q "sbx-serve-files"' _ "$out"
check "the server's private directory is gone" sh -c '! ls -d "$1"/sbx-serve-files-* 2>/dev/null | grep -q .' _ "$T_TMP/srvtmp"
api POST /v1/run "$body" -H 'Accept: application/x-ndjson'
expect_error 400 bad_field

# --- sbx --remote run -o DIR ----------------------------------------------
sbx --remote "$ADDR" run -l python -t 300 -o "$T_TMP/got/here" -e "$CODE"
expect_rc 0
expect_out "made"
check "a file comes back byte for byte" sh -c 'python3 -c "import sys; sys.stdout.buffer.write(bytes(range(256)))" | cmp - "$1"' _ "$T_TMP/got/here/b.bin"
check "a file below a directory comes back" test "$(cat "$T_TMP/got/here/d/e/a.txt")" = hello
check "a file over the cap is not written" test ! -e "$T_TMP/got/here/big.bin"
expect_err_contains "big.bin was not written: larger than the 8 MiB"
sbx --remote "$ADDR" run -l python -t 300 -o "$T_TMP/got/here" --json -e 'open("b.bin", "w").write("other")'
expect_jq '.files[0].path == null and (.files[0].note | test("never overwritten"))'
expect_jq 'has("returned_files") | not'
check "an existing file is never overwritten" test "$(wc -c <"$T_TMP/got/here/b.bin")" -eq 256
printf x >"$T_TMP/afile"
sbx --remote "$ADDR" run -l python -t 300 -o "$T_TMP/afile" -e 'print("ran")'
expect_rc 125
expect_err_contains "exists and is not a directory"
# A session's execution: its files come back the same way.
sbx --remote "$ADDR" session create -l python -n files
sbx --remote "$ADDR" session exec files -t 300 -o "$T_TMP/sess" -e 'open("s.txt", "w").write("from the session")'
expect_rc 0
check "a session execution's file comes back" test "$(cat "$T_TMP/sess/s.txt")" = "from the session"
# The files come inside the record: a stream cannot hold them.
api POST /v1/sessions/files/executions '{"code":"1","timeout":300,"return_files":true}' -H 'Accept: application/x-ndjson'
expect_error 400 bad_field
sbx --remote "$ADDR" session delete files
stop_server

# --- a forged answer --------------------------------------------------------
mkdir -p "$T_TMP/outside" "$T_TMP/dest"
ln -s "$T_TMP/outside" "$T_TMP/dest/link"
b64() { printf '%s' "$1" | base64 -w0; }
sha() { printf '%s' "$1" | sha256sum | cut -d' ' -f1; }
entry() { jq -cn --arg n "$1" --arg b "$(b64 "$2")" --arg s "$3" '{name: $n, size: 1, sha256: $s, base64: $b}'; }
files=$(printf '%s\n' \
	"$(entry ../escape.txt evil "$(sha evil)")" \
	"$(entry "$T_TMP/outside/abs.txt" evil "$(sha evil)")" \
	"$(entry sub/../../up.txt evil "$(sha evil)")" \
	"$(entry link/through.txt evil "$(sha evil)")" \
	"$(entry wrong.txt evil "$(sha other)")" \
	"$(entry fine.txt good "$(sha good)")" | jq -sc .)
jq -cn --argjson f "$files" '{id: "x", status: "ok", ok: true, exit_code: 0, stdout: "", stderr: "",
	files: [$f[] | {name, size, sha256, path: null}], returned_files: $f, limits: {output_bytes: 1}}' >"$T_TMP/forged.json"
mkfifo "$T_TMP/port"
python3 - "$T_TMP/forged.json" "$T_TMP/port" <<'EOF' &
import http.server, sys
body = open(sys.argv[1], "rb").read()
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *a):
        pass
s = http.server.HTTPServer(("127.0.0.1", 0), H)
s.timeout = 120  # a client that never calls (an older sbx refuses -o) ends it too
with open(sys.argv[2], "w") as f:  # a FIFO: the test reads the port from it
    f.write("%d\n" % s.server_address[1])
s.handle_request()
EOF
FAKE=$!
PORT=$(timeout 120 head -n 1 "$T_TMP/port")
sbx --remote "http://127.0.0.1:$PORT" run -l python -o "$T_TMP/dest" --json -e 'print(1)'
wait "$FAKE"
check "only the verified file below DIR is written" test "$(cd "$T_TMP/dest" && find . -type f | sort | tr '\n' ' ')" = "./fine.txt "
check "its bytes" test "$(cat "$T_TMP/dest/fine.txt")" = good
check "nothing outside DIR" sh -c '[ -z "$(ls -A "$1")" ] && [ ! -e "$2/escape.txt" ] && [ ! -e "$2/up.txt" ]' _ "$T_TMP/outside" "$T_TMP"
expect_jq '[.files[] | select(.path != null) | .name] == ["fine.txt"]'
expect_jq '.files[] | select(.name == "wrong.txt") | .note | test("sha256")'
expect_jq '.files[] | select(.name == "link/through.txt") | .note | test("link")'
finish
