#!/bin/sh
# test_escape_proc_env.sh as an unprivileged user, for a suite that runs
# as root (tests/as_user.sh): the user's runs share its uid with sbx, its
# session daemons and its server, which is when their /proc files are the
# code's to read. As a non-root user test_escape_proc_env.sh covers this.
exec sh "$(dirname "$0")/../as_user.sh" test_escape_proc_env.sh corpus
