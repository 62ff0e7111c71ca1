#!/bin/sh
# Re-runs test_isolation.sh as an unprivileged user, for CI that runs as
# root (tests/as_user.sh): the unprivileged paths (user namespace mapping
# only our own uid, setgroups denied, no cgroup, subreaper cleanup) are
# different code. As a non-root user test_isolation.sh covers this.
exec sh "$(dirname "$0")/../as_user.sh" test_isolation.sh
