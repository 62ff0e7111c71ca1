#!/bin/sh
# test_session_links.sh as an unprivileged user (tests/as_user.sh): there
# the session's code shares sbx's uid, so only the mounts and Landlock keep
# it from renaming names in its run directory, and nothing but the fds sbx
# keeps stands between a link and the user's files.
exec sh "$(dirname "$0")/../as_user.sh" test_session_links.sh
