#!/bin/sh
# Output past --max-output is cut with the program's own exit status; in
# text mode sbx says so on stderr, as the record's "truncated" does, in
# every language, for -e and a FILE, and in a session (issue 34).
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/session_lib.sh"

note="sbx: output beyond 100 bytes per stream was not kept (raise --max-output)"

cut_run() { # LANG EXT CODE: -e and FILE, both cut, both noted
	sbx run --no-history --max-output 100 -l "$1" -e "$3"
	expect_rc 0
	expect_err_contains "$note"
	check "$1 -e: stdout is the first 100 bytes" test "${#out}" -eq 100
	printf '%s\n' "$3" >"$T_TMP/cut.$2"
	sbx run --no-history --max-output 100 "$T_TMP/cut.$2"
	expect_rc 0
	expect_err_contains "$note"
}
cut_run python py 'print("x" * 500)'
cut_run r R 'cat(strrep("x", 500), "\n")'
cut_run javascript js 'console.log("x".repeat(500))'
cut_run java java 'System.out.println("x".repeat(500));'

# Under the limit: no such line.
sbx run --no-history --max-output 100 -l python -e 'print("x" * 50)'
expect_rc 0
check "no note when nothing was cut" test -z "$err"

# A failing run that was cut says both.
sbx run --no-history --max-output 100 -l python -e 'import sys; print("x" * 500); sys.exit(3)'
expect_rc 3
expect_err_contains "$note"

# The record's truncated agrees (--json prints no text note).
sbx run --no-history --max-output 100 -l python -e 'print("x" * 500)' --json
expect_json .truncated.stdout true
check "--json: no text note" test -z "$err"

# A session's execution, too.
sbx session create -l python -n cut
expect_rc 0
sbx session exec cut --max-output 100 -e 'print("y" * 500)'
expect_rc 0
expect_err_contains "$note"

finish
