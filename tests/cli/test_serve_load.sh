#!/bin/sh
# sbx serve under load: 1,000 runs from 32 concurrent clients over the unix
# socket, mixed languages and outcomes (tests/load/serve_load.py). Every
# request is answered (503s are retried after Retry-After), every record is
# in the history, the server's open fds do not grow, and SIGTERM ends it
# with 0. Prints the server's RSS and fds before and after.
. "$(dirname "$0")/../lib.sh"

out=$(/usr/bin/python3 "$ROOT_DIR/tests/load/serve_load.py" "$SBX" 1000 32 2>&1)
rc=$?
T_LAST="serve_load.py 1000 32"
printf '%s\n' "$out" | sed 's/^/  /'
expect_rc 0
finish
