#!/bin/sh
# test_warm_java.sh as an unprivileged user (tests/as_user.sh): no cgroup,
# only its own uid mapped; as a non-root user test_warm_java.sh covers this
# already.
#
#   tests/escape/test_warm_java_user.sh      (SBX_AS_USER: default sbx-ci)
exec sh "$(dirname "$0")/../as_user.sh" test_warm_java.sh corpus
