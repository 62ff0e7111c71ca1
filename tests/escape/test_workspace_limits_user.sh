#!/bin/sh
# test_workspace_limits.sh as an unprivileged user (tests/as_user.sh):
# there no cgroup can be made for the workspace, which session get must
# say and --require cgroup must refuse; the disk quota holds as for root.
exec sh "$(dirname "$0")/../as_user.sh" test_workspace_limits.sh
