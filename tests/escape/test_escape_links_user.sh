#!/bin/sh
# test_escape_links.sh as an unprivileged user, for a suite that runs as
# root (tests/as_user.sh): the code then shares sbx's uid and the run
# directory is the user's own. As a non-root user test_escape_links.sh
# covers this already.
exec sh "$(dirname "$0")/../as_user.sh" test_escape_links.sh
