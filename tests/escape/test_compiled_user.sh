#!/bin/sh
# Re-runs test_compiled.sh as an unprivileged user, for CI that runs as
# root (tests/as_user.sh): the unprivileged paths (user namespace mapping
# only our own uid, no cgroup, subreaper cleanup) are different code.
exec sh "$(dirname "$0")/../as_user.sh" test_compiled.sh
