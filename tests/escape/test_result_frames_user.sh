#!/bin/sh
# test_result_frames.sh as an unprivileged user, for a suite that runs as
# root (tests/as_user.sh).
exec sh "$(dirname "$0")/../as_user.sh" test_result_frames.sh
