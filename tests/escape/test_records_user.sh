#!/bin/sh
# test_records.sh as an unprivileged user, for a suite that runs as root
# (tests/as_user.sh): limits, files and the server's children then share
# the user's uid and run without a cgroup. As a non-root user
# test_records.sh covers this itself.
exec sh "$(dirname "$0")/../as_user.sh" test_records.sh
