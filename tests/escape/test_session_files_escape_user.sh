#!/bin/sh
# test_session_files_escape.sh as an unprivileged user (tests/as_user.sh):
# there the session's code shares sbx's uid, and only the fds sbx walks
# keep a link it plants from the user's own files.
exec sh "$(dirname "$0")/../as_user.sh" test_session_files_escape.sh
