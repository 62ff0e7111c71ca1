#!/bin/sh
# test_session_integrity.sh as an unprivileged user, for a suite that runs
# as root (tests/as_user.sh): a user's sessions keep their run directory in
# the state directory and their kernel runs as the user's own uid (so
# /proc/PID of the kernel and of the daemon are the user's, as is what
# delete kills). As a non-root user test_session_integrity.sh covers this.
exec sh "$(dirname "$0")/../as_user.sh" test_session_integrity.sh
