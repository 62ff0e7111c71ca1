#!/bin/sh
# test_workspace_modules.sh as an unprivileged user (tests/as_user.sh):
# there the session's code shares sbx's uid, so only the daemon's checks
# (no link, one hard link, a regular file) stand between a name in the
# workspace and the user's own files.
exec sh "$(dirname "$0")/../as_user.sh" test_workspace_modules.sh
