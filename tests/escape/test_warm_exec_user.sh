#!/bin/sh
# test_warm_exec.sh as an unprivileged user (tests/as_user.sh): no cgroup,
# only its own uid mapped; without namespaces every sandbox of the user
# shares its uid, so the held exec's gate and directories are the wall.
#
#   tests/escape/test_warm_exec_user.sh      (SBX_AS_USER: default sbx-ci)
exec sh "$(dirname "$0")/../as_user.sh" test_warm_exec.sh
