#!/bin/sh
# test_remote_files.sh as an unprivileged user: the client writes the
# returned files as that user, below its own directory only.
exec sh "$(dirname "$0")/../as_user.sh" test_remote_files.sh
