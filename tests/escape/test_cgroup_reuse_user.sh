#!/bin/sh
# test_cgroup_reuse.sh as an unprivileged user (tests/as_user.sh): no cgroup,
# so no group of a killed sbx to find; the record must say so.
#
#   tests/escape/test_cgroup_reuse_user.sh      (SBX_AS_USER: default sbx-ci)
exec sh "$(dirname "$0")/../as_user.sh" test_cgroup_reuse.sh crash_cgroups.py
